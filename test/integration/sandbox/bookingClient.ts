import type { DemoUser, RunningSandbox } from '@sandbox'
import { gqlData, graphqlToken, rest, type JsonResponse } from './sandboxClient'

/** Helpers for the bookings tests: the REST calls a counter makes and the stock read back through GraphQL. */
export type Json = Record<string, unknown>

export interface Movement {
  id: number | string
  item_id: number | string
  lot_id: number | string | null
  booked_quantity: string
  delivered_quantity?: string | null
  serial_number: string | null
  reference: string | null
  bundle_id: number | string | null
}

export type Booking = Json & { id: number | string; lock_version: number | string; movements: Movement[] }

export const bookingPath = (id: number | string, action = '') => `/pos/bookings/${id}${action ? `/${action}` : ''}.json`

export function bookingsClient(sandbox: RunningSandbox, user: () => Pick<DemoUser, 'email' | 'token'>) {
  let jwt: string | undefined
  const token = async () => (jwt ??= await graphqlToken(sandbox, user() as DemoUser))
  return {
    list: () => rest<Booking[]>(sandbox, user(), 'GET', '/pos/bookings.json'),
    show: (id: number | string) => rest<Booking>(sandbox, user(), 'GET', bookingPath(id)),
    edit: (id: number | string) => rest<Booking>(sandbox, user(), 'GET', bookingPath(id, 'edit')),
    fresh: (query = '') => rest<Booking>(sandbox, user(), 'GET', `/pos/bookings/new.json${query}`),
    create: (shipment: Json): Promise<JsonResponse<Booking & Record<string, string[]>>> =>
      rest(sandbox, user(), 'POST', '/pos/bookings.json', { shipment }),
    update: (id: number | string, shipment: Json): Promise<JsonResponse<Booking & Record<string, string[]>>> =>
      rest(sandbox, user(), 'PUT', bookingPath(id), { shipment }),
    remove: (id: number | string) => rest<Json | undefined>(sandbox, user(), 'DELETE', bookingPath(id)),
    ship: (id: number | string) => rest<Booking & { base?: string[] }>(sandbox, user(), 'GET', bookingPath(id, 'ship')),
    deliver: (id: number | string) => rest<Booking & { base?: string[] }>(sandbox, user(), 'GET', bookingPath(id, 'deliver')),
    /** GraphQL as the same user. */
    gql: async <D>(query: string, variables?: Record<string, unknown>) => gqlData<D>(sandbox, await token(), query, variables),
    /** `lot_stocks` of one lot at one agency, through GraphQL (zeros when there is no row). */
    stock: async (lotId: number, agencyId: number) => {
      const jwtNow = await token()
      const { lot_stocks } = await gqlData<{ lot_stocks: { available: number; booked: number; on_hand: number }[] }>(
        sandbox,
        jwtNow,
        'query ($lot: bigint!, $agency: bigint!) { lot_stocks(where: {lot_id: {_eq: $lot}, agency_id: {_eq: $agency}}) { available booked on_hand } }',
        { lot: lotId, agency: agencyId },
      )
      return lot_stocks[0] ?? { available: 0, booked: 0, on_hand: 0 }
    },
  }
}

/** A one-line booking body: `{item_id, booked_quantity}` plus whatever else is given. */
export function oneLine(agencyToId: number, itemId: number, quantity: string | number, extra: Json = {}, line: Json = {}): Json {
  return { agency_to_id: agencyToId, movements_attributes: { '0': { item_id: itemId, booked_quantity: quantity, ...line } }, ...extra }
}
