import type {
  Consolidate,
  ConsolidateSummary,
  PurchaseOrder,
  Reception,
  ReceptionDraft,
  ReceptionLine,
  ReceptionResult,
} from '@shared/purchasing'
import { consolidateInput, receptionInput, type ConsolidateInput, type ReceptionInput } from '@shared/purchasing'
import { AppError } from '@shared/errors'
import { dateInZone, dayInZone } from '@shared/localDate'
import * as api from '../api/purchasingApi'
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
    return api.fetchConsolidateCandidates(this.rest, special)
  }

  consolidates(): Promise<ConsolidateSummary[]> {
    return api.listConsolidates(this.graphql)
  }

  consolidate(id: number): Promise<Consolidate> {
    return api.fetchConsolidate(this.rest, id)
  }

  /**
   * Like a reception, a consolidate whose answer was lost or came in another
   * shape may be recorded: the one that was not listed before, with this name
   * and these orders, is it. Never an answer that invites a second save.
   */
  async createConsolidate(input: ConsolidateInput): Promise<Consolidate> {
    const parsed = consolidateInput.parse(input)
    const before = await api.listConsolidates(this.graphql).then(
      (list) => new Set(list.map((c) => c.id)),
      () => null,
    )
    let answered: Consolidate | null
    try {
      answered = await api.createConsolidate(this.rest, parsed)
    } catch (err) {
      const found = mayHaveBeenDone(err) && before ? await this.newConsolidate(parsed, before) : null
      if (!found) throw err
      return found
    }
    if (answered) return answered
    const found = await this.newConsolidate(parsed, before ?? new Set())
    if (found) return found
    throw new AppError('unknown_outcome', { detail: 'the service accepted the consolidate, but it could not be read back' })
  }

  private async newConsolidate(input: { name: string; orderIds: number[] }, before: Set<number>): Promise<Consolidate | null> {
    const wanted = [...input.orderIds].sort((a, b) => a - b).join(',')
    try {
      const fresh = (await api.listConsolidates(this.graphql)).filter(
        (c) => !before.has(c.id) && c.name === input.name && c.orderCount === input.orderIds.length,
      )
      for (const summary of fresh) {
        const full = await api.fetchConsolidate(this.rest, summary.id)
        if (
          full.orders
            .map((o) => o.id)
            .sort((a, b) => a - b)
            .join(',') === wanted
        )
          return full
      }
    } catch {
      // Cannot be read now: the caller reports the original failure, which says to check before saving again.
    }
    return null
  }

  updateConsolidate(id: number, changes: { name?: string; description?: string | null }): Promise<Consolidate> {
    return api.updateConsolidate(this.rest, id, changes)
  }

  async deleteConsolidate(id: number): Promise<{ deleted: true }> {
    await api.deleteConsolidate(this.rest, id)
    return { deleted: true }
  }

  searchOrders(query: string, limit: number): Promise<PurchaseOrder[]> {
    return api.searchPurchaseOrders(this.graphql, query, limit)
  }

  async order(id: number): Promise<PurchaseOrder> {
    const order = await api.fetchPurchaseOrder(this.graphql, id)
    if (!order) throw new AppError('not_found', { detail: `purchase order ${id}` })
    return order
  }

  /** The prefilled reception; the exchange rate is asked for whenever the order's currency is not the entity's, with or without a rate on file. */
  async receptionDraft(orderId: number): Promise<ReceptionDraft> {
    const [draft, company] = await Promise.all([api.fetchReceptionDraft(this.rest, this.graphql, orderId), this.profile.company()])
    const orderCurrency = draft.order.currency?.id ?? null
    const foreign = orderCurrency !== null && company.currencyId !== null ? orderCurrency !== company.currencyId : draft.foreignCurrency
    // The service may date the draft with a timestamp: its day is the clerk's, not UTC's (20:30 in Guatemala is tomorrow in UTC).
    const receivedAt = draft.receivedAt === null ? null : dayInZone(draft.receivedAt, this.profile.lastKnown()?.profile.timeZone ?? 'UTC')
    return { ...draft, receivedAt: receivedAt, foreignCurrency: foreign }
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
      await api.createReception(this.rest, orderId, { ...body, receivedAt, entityId: who?.currentEntity?.id ?? null })
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
    return api.listReceptions(this.graphql, orderId).then(
      (list) => new Set(list.map((r) => r.id)),
      () => null,
    )
  }

  /** The newest reception of the order that is not among `before`. */
  private newReception(orderId: number, before: Set<number>): Promise<Reception | null> {
    return api.listReceptions(this.graphql, orderId).then(
      (list) => list.find((r) => !r.voided && !before.has(r.id)) ?? null,
      () => null,
    )
  }

  /** The order as the service holds it now; null when it cannot be read (the write is done all the same). */
  private orderNow(orderId: number): Promise<PurchaseOrder | null> {
    return api.fetchPurchaseOrder(this.graphql, orderId).catch(() => null)
  }

  /** A reception with each lot's stock now at its agency, so the clerk sees what the reception (or its return) did. */
  async reception(id: number): Promise<Reception> {
    return this.withStock(await api.fetchReception(this.rest, id))
  }

  private async withStock(r: Reception): Promise<Reception> {
    if (r.agencyId === null) return r
    const lots = [...new Set(r.lines.map((l) => l.lotId).filter((l): l is number => l !== null))]
    const stock = await api.fetchLotAvailability(this.graphql, r.agencyId, lots).catch(() => null)
    if (!stock) return r
    return {
      ...r,
      lines: r.lines.map((l): ReceptionLine => ({ ...l, availableNow: l.lotId === null ? null : (stock.get(l.lotId) ?? '0') })),
    }
  }

  receptionsOfOrder(orderId: number): Promise<Reception[]> {
    return api.listReceptions(this.graphql, orderId)
  }

  /**
   * Returns a reception through rebound.json naming its order, as the SDK
   * does (the order is the reception's own unless the caller names one; the
   * service then checks it exists). A return whose answer was lost, or came
   * in another shape, is decided by reading the reception: voided means done.
   * The answer carries each lot's stock now, so the screen shows the goods gone
   * without asking again.
   */
  async returnReception(id: number, rebound: { orderId: number } | null): Promise<Reception> {
    const orderId = rebound?.orderId ?? (await api.fetchReception(this.rest, id)).purchaseOrderId
    let answered: Reception | null
    try {
      answered = await api.returnReception(this.rest, id, orderId)
    } catch (err) {
      if (!mayHaveBeenDone(err)) throw err
      const now = await api.fetchReception(this.rest, id).catch(() => null)
      if (!now?.voided) throw err
      return this.withStock(now)
    }
    return this.withStock(answered ?? (await api.fetchReception(this.rest, id)))
  }
}
