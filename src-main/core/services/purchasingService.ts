import type {
  Consolidate,
  ConsolidateSummary,
  PurchaseOrder,
  Reception,
  ReceptionDraft,
  ReceptionDraftLine,
  ReceptionResult,
} from '@shared/purchasing'
import { consolidateInput, receptionInput, type ConsolidateInput, type ReceptionInput } from '@shared/purchasing'
import { AppError } from '@shared/errors'
import { dateInZone, dayInZone } from '@shared/localDate'
import * as consolidatesApi from '../api/consolidatesApi'
import * as ordersApi from '../api/purchaseOrdersApi'
import * as api from '../api/purchasingApi'
import * as receptionsApi from '../api/receptionsApi'
import { mayHaveBeenDone } from '../api/serviceError'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'

/**
 * Consolidates and receptions: back-office work that goes straight to the
 * service (nothing is queued; offline, the call fails with `network` and the
 * screen keeps what the user typed).
 */
export class PurchasingService {
  constructor(
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly now: () => Date,
  ) {}

  private get rest() {
    return this.session.require().rest
  }
  private get graphql() {
    return this.session.require().graphql
  }

  /** What the screens need around the forms: the agencies goods may enter, and the user's own. */
  async context(): Promise<{ agencies: { id: number; name: string }[]; userAgencyId: number | null }> {
    const agencies = await api.listActiveAgencies(this.graphql)
    return { agencies, userAgencyId: this.profile.lastKnown()?.agency?.id ?? null }
  }

  candidates(special: boolean): Promise<PurchaseOrder[]> {
    return consolidatesApi.fetchConsolidateCandidates(this.rest, this.graphql, special)
  }

  consolidates(): Promise<ConsolidateSummary[]> {
    return consolidatesApi.listConsolidates(this.graphql)
  }

  /** The record (REST), its orders (GraphQL), and what only each order's REST record shows (paid, exchange rate). */
  async consolidate(id: number): Promise<Consolidate> {
    const c = await consolidatesApi.fetchConsolidate(this.rest, this.graphql, id)
    return { ...c, orders: await this.withRecordFacts(c.orders) }
  }

  /** Orders read through GraphQL, completed from their REST records four at a time; an order whose record cannot be read keeps nulls. */
  private async withRecordFacts(orders: PurchaseOrder[]): Promise<PurchaseOrder[]> {
    const done: PurchaseOrder[] = []
    for (let i = 0; i < orders.length; i += 4) {
      const batch = orders.slice(i, i + 4)
      done.push(...(await Promise.all(batch.map((o) => this.completed(o)))))
    }
    return done
  }

  private async completed(order: PurchaseOrder): Promise<PurchaseOrder> {
    const facts = await ordersApi.fetchOrderRecordFacts(this.rest, order.id).catch(() => null)
    return facts ? { ...order, paid: facts.paid, exchangeRate: facts.exchangeRate } : order
  }

  /**
   * Any 2xx is done (the record, `{id}` alone, another shape): the consolidate and its orders are
   * then read back. One whose answer was lost is looked for before the failure is reported: the
   * one not listed before, with this name and exactly these orders. Never an answer that invites
   * a second save, and never a second consolidate.
   */
  async createConsolidate(input: ConsolidateInput): Promise<Consolidate> {
    const parsed = consolidateInput.parse(input)
    const before = await consolidatesApi.listConsolidatesWithOrders(this.graphql).then(
      (list) => new Set(list.map((c) => c.summary.id)),
      () => null,
    )
    let createdId: number | null
    try {
      createdId = await consolidatesApi.createConsolidate(this.rest, parsed)
    } catch (err) {
      const found = mayHaveBeenDone(err) && before ? await this.newConsolidate(parsed, before) : null
      if (!found) throw err
      return this.consolidateOrUnknown(found)
    }
    const id = createdId ?? (await this.newConsolidate(parsed, before ?? new Set()))
    if (id === null) throw new AppError('unknown_outcome', { detail: 'the service accepted the consolidate, but it could not be found' })
    return this.consolidateOrUnknown(id)
  }

  /** A consolidate the service recorded; one that cannot be read now is reported as saved-but-unread, never as a failure to save. */
  private consolidateOrUnknown(id: number): Promise<Consolidate> {
    return this.consolidate(id).catch(() => {
      throw new AppError('unknown_outcome', { detail: `consolidate ${id} was recorded, but it could not be read back` })
    })
  }

  private async newConsolidate(input: { name: string; orderIds: number[] }, before: Set<number>): Promise<number | null> {
    const wanted = [...input.orderIds].sort((a, b) => a - b).join(',')
    const listed = await consolidatesApi.listConsolidatesWithOrders(this.graphql).catch(() => null)
    // Cannot be read now: the caller reports the original failure, which says to check before saving again.
    if (!listed) return null
    const found = listed.find(
      (c) => !before.has(c.summary.id) && c.summary.name === input.name && [...c.orderIds].sort((a, b) => a - b).join(',') === wanted,
    )
    return found?.summary.id ?? null
  }

  async updateConsolidate(id: number, changes: { name?: string; description?: string | null }): Promise<Consolidate> {
    const c = await consolidatesApi.updateConsolidate(this.rest, this.graphql, id, changes)
    return { ...c, orders: await this.withRecordFacts(c.orders) }
  }

  async deleteConsolidate(id: number): Promise<{ deleted: true }> {
    await consolidatesApi.deleteConsolidate(this.rest, id)
    return { deleted: true }
  }

  searchOrders(query: string, limit: number): Promise<PurchaseOrder[]> {
    return ordersApi.searchPurchaseOrders(this.graphql, query, limit)
  }

  async order(id: number): Promise<PurchaseOrder> {
    const order = await ordersApi.fetchPurchaseOrder(this.graphql, id)
    if (!order) throw new AppError('not_found', { detail: `purchase order ${id}` })
    return this.completed(order)
  }

  /**
   * The reception a clerk starts from: new.json gives the record's defaults (agency, date), the
   * order and its lines come through GraphQL (booked − delivered = pending; a line whose goods carry
   * an expiry is received into a lot), and the exchange rate from the order's REST record. The
   * rate is asked for whenever the order's currency is not the entity's, with or without one on file.
   */
  async receptionDraft(orderId: number): Promise<ReceptionDraft> {
    const [defaults, read, company, facts] = await Promise.all([
      receptionsApi.fetchReceptionDefaults(this.rest, orderId),
      ordersApi.readPurchaseOrder(this.graphql, orderId),
      this.profile.company(),
      ordersApi.fetchOrderRecordFacts(this.rest, orderId).catch(() => null),
    ])
    if (!read) throw new AppError('not_found', { detail: `purchase order ${orderId}` })
    const order: PurchaseOrder = { ...read.order, paid: facts?.paid ?? null, exchangeRate: facts?.exchangeRate ?? null }
    const orderCurrency = order.currency?.id ?? null
    const foreign = orderCurrency !== null && company.currencyId !== null && orderCurrency !== company.currencyId
    // The service may date the draft with a timestamp: its day is the clerk's, not UTC's (20:30 in Guatemala is tomorrow in UTC).
    const zone = this.profile.lastKnown()?.profile.timeZone ?? 'UTC'
    return {
      order,
      agencyId: defaults.agencyId ?? order.agencyId,
      receivedAt: defaults.receivedAt === null ? null : dayInZone(defaults.receivedAt, zone),
      exchangeRate: foreign ? order.exchangeRate : null,
      foreignCurrency: foreign,
      lines: (order.lines ?? []).map((l): ReceptionDraftLine => {
        const expires = read.expiries.get(l.id) ?? null
        return {
          itemId: l.itemId,
          itemCode: l.itemCode,
          itemName: l.itemName,
          purchaseOrderDetailId: l.id,
          orderedQuantity: l.quantity,
          receivedQuantity: l.receivedQuantity,
          pendingQuantity: l.pendingQuantity,
          perishable: expires !== null,
          lotExpires: expires,
        }
      }),
    }
  }

  /**
   * Receives goods. The answer's shape is not shown, so any 2xx is done and
   * the order and its receptions are read back; one reception that was not
   * there before the request is this one. A reception whose answer was lost
   * is looked for the same way before the failure is reported: the clerk is
   * never invited to receive the same goods twice.
   */
  async receive(input: ReceptionInput): Promise<ReceptionResult> {
    const { orderId, ...body } = receptionInput.parse(input)
    const who = this.profile.lastKnown()
    // The SDK always sends the date and the entity; "today" is the clerk's day in their profile's zone.
    const receivedAt = body.receivedAt ?? dateInZone(this.now(), who?.profile.timeZone ?? 'UTC')
    const before = await this.receptionIds(orderId)
    try {
      await receptionsApi.createReception(this.rest, orderId, { ...body, receivedAt, entityId: who?.currentEntity?.id ?? null })
    } catch (err) {
      const found = mayHaveBeenDone(err) && before ? await this.newReception(orderId, before) : null
      if (!found) throw err
      return { order: await this.orderNow(orderId), receptionId: found.id, reception: found }
    }
    const created = await this.newReception(orderId, before ?? new Set())
    return { order: await this.orderNow(orderId), receptionId: created?.id ?? null, reception: created }
  }

  /** The ids of the order's receptions; null when they cannot be read (the write then cannot be looked for). */
  private receptionIds(orderId: number): Promise<Set<number> | null> {
    return receptionsApi.listReceptions(this.graphql, orderId).then(
      (list) => new Set(list.map((r) => r.id)),
      () => null,
    )
  }

  /** The newest reception of the order that is not among `before`. */
  private newReception(orderId: number, before: Set<number>): Promise<Reception | null> {
    return receptionsApi.listReceptions(this.graphql, orderId).then(
      (list) => list.find((r) => !r.voided && !before.has(r.id)) ?? null,
      () => null,
    )
  }

  /** The order as the service holds it now; null when it cannot be read (the write is done all the same). */
  private orderNow(orderId: number): Promise<PurchaseOrder | null> {
    return this.order(orderId).catch(() => null)
  }

  /** A reception with each line's stock now at its agency, so the clerk sees what the reception (or its return) did. */
  async reception(id: number): Promise<Reception> {
    return this.withStock(await receptionsApi.fetchReception(this.rest, this.graphql, id))
  }

  private async withStock(r: Reception): Promise<Reception> {
    if (r.agencyId === null) return r
    const lines = await receptionsApi.linesWithStock(this.graphql, r.agencyId, r.lines).catch(() => null)
    return lines ? { ...r, lines } : r
  }

  receptionsOfOrder(orderId: number): Promise<Reception[]> {
    return receptionsApi.listReceptions(this.graphql, orderId)
  }

  /**
   * Returns a reception through rebound.json naming its order, as the SDK
   * does (the order is the reception's own unless the caller names one; the
   * service then checks it exists). Any 2xx is done, and a return whose answer
   * was lost is decided by reading the reception: voided means done. The
   * reception is read back with each line's stock now, so the screen shows
   * the goods gone without asking again.
   */
  async returnReception(id: number, rebound: { orderId: number } | null): Promise<Reception> {
    const orderId = rebound?.orderId ?? (await receptionsApi.fetchReception(this.rest, this.graphql, id)).purchaseOrderId
    try {
      await receptionsApi.returnReception(this.rest, id, orderId)
    } catch (err) {
      if (!mayHaveBeenDone(err)) throw err
      const now = await receptionsApi.fetchReception(this.rest, this.graphql, id).catch(() => null)
      if (!now?.voided) throw err
      return this.withStock(now)
    }
    return this.reception(id)
  }
}
