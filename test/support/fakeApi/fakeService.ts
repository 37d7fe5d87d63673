import type { Agency, Membership, Profile } from '@shared/domain'
import type { PurchaseOrder, Reception } from '@shared/purchasing'
import { AppError } from '@shared/errors'
import type { ServiceBundleDetail } from '@core/api/bundlesApi'
import type { PulledItem, PulledLot, PulledStock } from '@core/api/catalogueGraphql'
import type { ServiceShipment } from '@core/api/serviceShipment'

/**
 * What the in-memory service holds, in Maps a test fills and reads back, and the failures it was told to
 * give. The api fakes beside this file (profileFake, catalogueFake, bundlesFake, purchasingFake) answer
 * from it in the shapes the real api modules return, so a service under test meets the same types it
 * meets over HTTP, without a socket.
 */
export interface FakeReference {
  item_categories: { id: number; name: string }[]
  agencies: { id: number; name: string; agency_category_id: number | null; active: boolean | null }[]
}

/**
 * How a call fails: `offline` never reaches the service, `server` is a 5xx before anything was done,
 * `lost` does the write and loses its answer, `refused` is the service's validation refusal on a field.
 */
export type Failure = { kind: 'offline' } | { kind: 'server' } | { kind: 'lost' } | { kind: 'refused'; field: string; message: string }

export class FakeService {
  profile!: Profile
  memberships!: Membership[]
  /** The user's agency, as the employees table names it (null: the user has none). */
  agency!: Agency | null
  readonly reference: FakeReference = { item_categories: [], agencies: [] }
  readonly items = new Map<number, PulledItem>()
  readonly lots = new Map<number, PulledLot>()
  readonly stocks = new Map<number, PulledStock>()
  readonly bundles = new Map<number, ServiceBundleDetail>()
  readonly orders = new Map<number, PurchaseOrder>()
  readonly receptions = new Map<number, Reception>()
  readonly shipments = new Map<number, ServiceShipment>()
  private nextId = 1000
  private readonly failures = new Map<string, Failure>()

  constructor() {
    this.reset()
  }

  /** Back to a service that knows only the signed-in user (one file's mocks share one service). */
  reset(): void {
    this.profile = { id: 7, email: 'caja@example.com', name: 'Caja Uno', language: 'es', timeZone: 'America/Guatemala' }
    this.memberships = [{ id: 1, current: true, active: true, entity: { id: 3, name: 'Ferretería' } }]
    this.agency = { id: 10, name: 'Central' }
    this.reference.item_categories = []
    this.reference.agencies = []
    for (const records of [this.items, this.lots, this.stocks, this.bundles, this.orders, this.receptions, this.shipments]) records.clear()
    this.failures.clear()
  }

  /** The next call of `call` (an api function's name) fails so. */
  failNext(call: string, failure: Failure): void {
    this.failures.set(call, failure)
  }

  /** A new record id, as the service numbers them. */
  newId(): number {
    return this.nextId++
  }

  /** The service's 404 for a record it does not have. */
  notFound(what: string): AppError {
    return new AppError('not_found', { status: 404, detail: `no ${what} on the service` })
  }

  /** A read: fails as told before answering. */
  async read<T>(call: string, answer: () => T): Promise<T> {
    this.refuseAsTold(call, false)
    return answer()
  }

  /** A write: fails as told; a lost answer comes after the write was done. */
  async write<T>(call: string, done: () => T): Promise<T> {
    const lost = this.refuseAsTold(call, true)
    const result = done()
    if (lost) throw new AppError('unknown_outcome', { detail: `${call}: the answer was lost` })
    return result
  }

  private refuseAsTold(call: string, isWrite: boolean): boolean {
    const failure = this.failures.get(call)
    if (!failure) return false
    this.failures.delete(call)
    switch (failure.kind) {
      case 'offline':
        throw new AppError('network', { detail: `${call}: no connection` })
      case 'server':
        throw new AppError('server', { status: 503, detail: `${call}: the service failed` })
      case 'refused':
        throw new AppError('validation', { status: 422, fields: { [failure.field]: [failure.message] } })
      case 'lost':
        if (!isWrite) throw new AppError('timeout', { detail: `${call}: no answer` })
        return true
    }
  }
}
