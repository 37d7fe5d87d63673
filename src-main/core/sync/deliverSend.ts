import { AppError } from '@shared/errors'
import { deliverBooking, deliverTransit } from '../api/bookingsApi'
import type { ServiceShipment } from '../api/serviceShipment'
import { fetchBookingWithLines } from '../api/bookingsGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { InTransitDelivery } from '../cache/keptInTransitDelivery'
import { deliveredPerMovement } from './deliveredLines'
import { readStored, storedDeliver, type StoredDeliver } from './outbox/bookingPayloads'

/** How this server delivers a shipment in transit whole, as learnt (cache/keptInTransitDelivery.ts). */
export interface InTransitRoute {
  known(): InTransitDelivery | null
  learn(route: InTransitDelivery): void
}

export interface DeliverDeps {
  rest: RestClient
  graphql: GraphqlClient
  inTransit: InTransitRoute
  /** The booking read back after a 2xx whose answer was of another shape. */
  readBack: (serviceId: number) => Promise<ServiceShipment>
}

/**
 * Sends a deliver entry. A booking that never travelled goes through the interface's deliver.json,
 * whole. One in transit goes through the transits when it was counted or carries a note (the only
 * path that takes quantities and a memo); delivered whole, through the route this server is known to take, or deliver.json
 * tried first: its refusal (or an answer that does not show it delivered) sends it through the
 * transits, which are then remembered for this server.
 */
export async function sendDeliver(payload: unknown, serviceId: number, inTransit: boolean, deps: DeliverDeps): Promise<ServiceShipment> {
  const p = readStored(storedDeliver, payload, 'deliver')
  if (!inTransit && p.delivered === undefined) return (await deliverBooking(deps.rest, serviceId)) ?? deps.readBack(serviceId)
  // The transits are also the only path that carries the clerk's note: deliver.json is a GET without a memo.
  const whole = p.delivered === undefined && !p.note
  if (whole && deps.inTransit.known() !== 'transits') {
    const delivered = await throughDeliverPath(serviceId, deps)
    if (delivered) {
      if (deps.inTransit.known() === null) deps.inTransit.learn('deliverPath')
      return delivered
    }
  }
  const record = await throughTransits(serviceId, p, deps)
  if (whole && deps.inTransit.known() !== 'transits') deps.inTransit.learn('transits')
  return record
}

/** deliver.json on a shipment in transit: the record when it delivered it, null when refused or not delivered. */
async function throughDeliverPath(serviceId: number, deps: DeliverDeps): Promise<ServiceShipment | null> {
  try {
    const record = (await deliverBooking(deps.rest, serviceId)) ?? (await deps.readBack(serviceId))
    return record.delivered ? record : null
  } catch (raw) {
    const err = AppError.from(raw)
    if (err.code === 'validation') return null
    throw err
  }
}

/**
 * The transit delivery: the booking's lines read now (their ids), what was counted placed on them,
 * and the clerk's note after the memo the booking holds (the memo carries the create's marker,
 * which must stay for a lost create elsewhere to be told apart from this one).
 */
async function throughTransits(serviceId: number, p: StoredDeliver, deps: DeliverDeps): Promise<ServiceShipment> {
  const current = await fetchBookingWithLines(deps.rest, deps.graphql, serviceId)
  if (current.delivered) throw new AppError('conflict', { detail: 'the booking was delivered on the service' })
  const lines = deliveredPerMovement(current.movements, p.delivered)
  const memo = p.note ? [current.memo, p.note].filter((part) => part).join('\n') : undefined
  return (await deliverTransit(deps.rest, serviceId, lines, memo)) ?? deps.readBack(serviceId)
}
