import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingChanges, LocalBooking } from '@shared/bookings'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { gqlData, graphqlToken } from '../sandbox/sandboxClient'

// Model-based properties of the outbox against the sandbox over real HTTP:
// random sequences of create, edit, delete, ship and deliver at the counter,
// pushed through dropped-after-commit answers and 5xx, with the line going
// down and up and the app restarting on the same data folder. Whatever the
// path, once the line is clean and the outbox is pushed empty, the service
// (read as another client) holds exactly what the clerk intended.
//
// A failure prints fast-check's seed and path; replay it with
// OUTBOX_SEED=<seed> OUTBOX_PATH=<path> npx vitest run --project integration test/integration/core/outboxProperties.test.ts
const RUNS = Number(process.env.OUTBOX_RUNS ?? 40)

const sandboxDir = tempDir()
let sandbox: RunningSandbox | null = null
/** False while a scenario has the line down (the sandbox stopped). */
let serviceUp = false
let port = 0
let user: { email: string; token: string; name: string }
let origin = 0
let destinations: number[] = []
let items: number[] = []
let run = 0

const dates = ['2026-12-01', '2026-12-02', '2026-12-09']

/** What the clerk intends a booking to be on the service. */
interface Intended {
  key: string
  localId: string
  agency_to_id: number
  planned_delivery: string
  reference: string
  needs_transport: boolean
  /** Booked quantity per item. */
  lines: Record<number, number>
  deleted: boolean
  shipped: boolean
  delivered: boolean
  edits: number
}

type LineSpec = { item: number; qty: number }
type Op =
  | { kind: 'create'; dest: number; date: number; transport: boolean; lines: LineSpec[] }
  | {
      kind: 'edit'
      target: number
      change:
        | { what: 'reference' }
        | { what: 'lines'; lines: LineSpec[] }
        | { what: 'dest'; dest: number }
        | { what: 'date'; date: number }
        | { what: 'transport'; transport: boolean }
    }
  | { kind: 'delete' | 'ship' | 'deliver'; target: number }
  | { kind: 'push' }
  | { kind: 'faults'; drop: number; error: number }
  | { kind: 'offline' | 'online' | 'restart' }
  /** The app goes away mid-push (its data folder closed under the pusher), then opens again. */
  | { kind: 'crash'; afterMs: number }

const lineSpecs = fc.uniqueArray(fc.record({ item: fc.nat(5), qty: fc.integer({ min: 1, max: 3 }) }), {
  minLength: 1,
  maxLength: 3,
  selector: (l) => l.item,
})
const target = fc.nat(20)
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      dest: fc.nat(2),
      date: fc.nat(dates.length - 1),
      transport: fc.boolean(),
      lines: lineSpecs,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target,
      change: fc.oneof(
        fc.constant({ what: 'reference' as const }),
        fc.record({ what: fc.constant('lines' as const), lines: lineSpecs }),
        fc.record({ what: fc.constant('dest' as const), dest: fc.nat(2) }),
        fc.record({ what: fc.constant('date' as const), date: fc.nat(dates.length - 1) }),
        fc.record({ what: fc.constant('transport' as const), transport: fc.boolean() }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('ship' as const, 'deliver' as const), target }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'push' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('faults' as const), drop: fc.constantFrom(0, 0.5, 1), error: fc.constantFrom(0, 0.3, 1) }),
  },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'offline' as const }, { kind: 'online' as const }, { kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), afterMs: fc.integer({ min: 0, max: 40 }) }) },
)

const linesOf = (specs: LineSpec[]) => specs.map((l) => ({ itemId: items[l.item]!, bookedQuantity: String(l.qty) }))
const quantities = (specs: LineSpec[]): Record<number, number> => Object.fromEntries(specs.map((l) => [items[l.item]!, l.qty]))
const localQuantities = (b: LocalBooking): Record<number, number> => {
  const q: Record<number, number> = {}
  for (const l of b.lines) q[l.itemId] = (q[l.itemId] ?? 0) + Number(l.bookedQuantity)
  return q
}

/** The clerk's actions and the line's weather, applied to the app and to the model side by side. */
class Scenario {
  readonly bookings: Intended[] = []
  private faults = { dropShare: 0, errorShare: 0 }
  readonly dataDir = tempDir()
  h!: CoreHarness

  constructor(readonly prefix: string) {}

  async start(): Promise<void> {
    this.h = await coreHarness(this.dataDir, { requestTimeoutMs: 3000 })
    await this.h.call('session.signIn', { serverUrl: sandbox!.url, email: user.email, token: user.token })
    // As the app does after signing in: the profile names the current entity, whose cache holds the outbox.
    await this.h.call('profile.whoami')
  }

  async apply(op: Op): Promise<void> {
    switch (op.kind) {
      case 'create': {
        const key = `${this.prefix}-${this.bookings.length}`
        const intended: Intended = {
          key,
          localId: '',
          agency_to_id: destinations[op.dest]!,
          planned_delivery: dates[op.date]!,
          reference: key,
          needs_transport: op.transport,
          lines: quantities(op.lines),
          deleted: false,
          shipped: false,
          delivered: false,
          edits: 0,
        }
        const { booking } = await this.h.call('bookings.create', {
          agencyToId: intended.agency_to_id,
          plannedDelivery: intended.planned_delivery,
          reference: key,
          needsTransport: op.transport,
          lines: linesOf(op.lines),
        })
        intended.localId = booking.localId
        this.bookings.push(intended)
        return this.expectLocal(intended)
      }
      case 'edit':
      case 'delete':
      case 'ship':
      case 'deliver': {
        const live = this.bookings.filter((b) => !b.deleted)
        if (!live.length) return
        const b = live[op.target % live.length]!
        return this.act(op, b)
      }
      case 'push':
        await this.h.call('sync.push')
        return
      case 'faults':
        this.faults = { dropShare: op.drop, errorShare: op.error }
        if (serviceUp) sandbox!.setFaults(this.faults)
        return
      case 'offline':
        if (!serviceUp) return
        serviceUp = false
        await sandbox!.close()
        return
      case 'online':
        return this.goOnline()
      case 'restart':
        return this.reopen()
      case 'crash': {
        // Nothing the pusher does after the close reaches the data folder: as after a kill, the entry it
        // had on the wire stays marked as sending. The old push is let finish before the app reopens
        // (a live process holding the push lock would keep the new one from pushing anyway).
        const pushing = this.h.call('sync.push').catch(() => undefined)
        await new Promise((r) => setTimeout(r, op.afterMs))
        return this.reopen(pushing)
      }
    }
  }

  private async reopen(pushing?: Promise<unknown>): Promise<void> {
    await this.h.close()
    await pushing
    this.h = await coreHarness(this.dataDir, { requestTimeoutMs: 3000, secrets: this.h.secrets })
    for (const b of this.bookings) if (!b.deleted) await this.expectLocal(b)
  }

  private async act(op: Extract<Op, { target: number }>, b: Intended): Promise<void> {
    // What the counter must refuse on the spot, whatever the line is doing.
    const moved = b.shipped || b.delivered
    const refused =
      ((op.kind === 'edit' || op.kind === 'delete' || op.kind === 'ship') && moved) ||
      (op.kind === 'deliver' && (b.delivered || (b.needs_transport && !b.shipped)))
    const call = (): Promise<unknown> => {
      switch (op.kind) {
        case 'edit':
          return this.h.call('bookings.update', { id: b.localId, changes: this.edit(op.change, b) })
        case 'delete':
          return this.h.call('bookings.delete', { id: b.localId })
        case 'ship':
          return this.h.call('bookings.ship', { id: b.localId })
        case 'deliver':
          return this.h.call('bookings.deliver', { id: b.localId })
      }
    }
    if (refused) {
      await expect(
        call(),
        `${op.kind} of ${b.key} (shipped ${b.shipped}, delivered ${b.delivered}, transport ${b.needs_transport})`,
      ).rejects.toMatchObject({ code: 'conflict' })
      return
    }
    await call()
    if (op.kind === 'edit') this.applyEdit(op.change, b)
    else if (op.kind === 'delete') b.deleted = true
    else if (op.kind === 'ship') b.shipped = true
    else b.delivered = true
    if (b.deleted) await expect(this.h.call('bookings.get', { id: b.localId })).rejects.toMatchObject({ code: 'not_found' })
    else await this.expectLocal(b)
  }

  private edit(change: Extract<Op, { kind: 'edit' }>['change'], b: Intended): BookingChanges {
    switch (change.what) {
      case 'reference':
        return { reference: `${b.key}.e${b.edits + 1}` }
      case 'lines':
        return { lines: linesOf(change.lines) }
      case 'dest':
        return { agencyToId: destinations[change.dest]! }
      case 'date':
        return { plannedDelivery: dates[change.date]! }
      case 'transport':
        return { needsTransport: change.transport }
    }
  }

  private applyEdit(change: Extract<Op, { kind: 'edit' }>['change'], b: Intended): void {
    b.edits++
    if (change.what === 'reference') b.reference = `${b.key}.e${b.edits}`
    else if (change.what === 'lines') b.lines = quantities(change.lines)
    else if (change.what === 'dest') b.agency_to_id = destinations[change.dest]!
    else if (change.what === 'date') b.planned_delivery = dates[change.date]!
    else b.needs_transport = change.transport
  }

  /** The counter shows at once what was typed, online or not. */
  private async expectLocal(b: Intended): Promise<void> {
    const local = await this.h.call('bookings.get', { id: b.localId })
    const shown = {
      agency_to_id: local.agencyToId,
      planned_delivery: local.plannedDelivery,
      reference: local.reference,
      needs_transport: local.needsTransport,
      shipped: local.shipped,
      delivered: local.delivered,
    }
    expect({ ...pick(shown), lines: localQuantities(local) }, `local ${b.key}`).toEqual(intendedView(b))
  }

  async goOnline(): Promise<void> {
    if (serviceUp) return
    sandbox = await startSandbox({ dataDir: sandboxDir, port })
    serviceUp = true
    sandbox.setFaults(this.faults)
  }

  /** A clean line and pushes until nothing is left (each push sends every waiting entry once). */
  async settle(): Promise<void> {
    await this.goOnline()
    this.faults = { dropShare: 0, errorShare: 0 }
    sandbox!.setFaults(this.faults)
    for (let i = 0; i < 6; i++) {
      const report = await this.h.call('sync.push')
      if (report.waiting === 0) break
    }
    const left = await this.h.call('outbox.list')
    expect(left, 'the outbox is empty once the line is clean').toEqual([])
    for (const b of this.bookings.filter((x) => !x.deleted)) {
      expect((await this.h.call('bookings.get', { id: b.localId })).state, `${b.key} synced`).toBe('synced')
    }
  }
}

/** The fields the clerk sees and the service stores, from any of the three views of a booking. */
type Shown = Pick<Intended, 'planned_delivery' | 'needs_transport' | 'shipped' | 'delivered'> & {
  agency_to_id: number | null
  reference: string | null
}
const pick = (b: Shown) => ({
  agency_to_id: b.agency_to_id,
  planned_delivery: b.planned_delivery,
  reference: b.reference,
  needs_transport: b.needs_transport,
  shipped: b.shipped,
  delivered: b.delivered,
})
const intendedView = (b: Intended) => ({ ...pick(b), lines: b.lines })

interface ServiceShipment {
  id: number
  reference: string | null
  agency_from_id: number
  agency_to_id: number
  planned_delivery: string
  needs_transport: boolean
  shipped: boolean
  delivered: boolean
  movements: { item_id: number; booked_quantity: string | number }[]
}

/** The service's shipments of this run, read with the user's own credentials (not through the app). */
async function serviceShipments(prefix: string): Promise<ServiceShipment[]> {
  const jwt = await graphqlToken(sandbox!, user)
  const data = await gqlData<{ shipments: ServiceShipment[] }>(
    sandbox!,
    jwt,
    `query($p: String!) { shipments(where: {reference: {_ilike: $p}}, order_by: [{id: asc}]) {
      id reference agency_from_id agency_to_id planned_delivery needs_transport shipped delivered movements { item_id booked_quantity } } }`,
    { p: `${prefix}-%` },
  )
  return data.shipments
}

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: sandboxDir })
  serviceUp = true
  port = Number(new URL(sandbox.url).port)
  user = sandbox.users[0]!
  const h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  try {
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    origin = (await h.call('profile.whoami')).agency!.id
    const res = await h.call('graphql.query', {
      query: `query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 60}}, order_by: [{available: desc}]) { lot { item_id item { active } } }
        agencies(order_by: [{id: asc}]) { id } }`,
      variables: { a: origin },
    })
    const data = res.data as { lot_stocks: { lot: { item_id: number; item: { active: boolean } } }[]; agencies: { id: number }[] }
    items = [...new Set(data.lot_stocks.filter((s) => s.lot.item.active).map((s) => s.lot.item_id))].slice(0, 6)
    destinations = data.agencies
      .map((a) => a.id)
      .filter((a) => a !== origin)
      .slice(0, 3)
  } finally {
    await h.close()
  }
  expect(items, 'the seed has six items with stock to book').toHaveLength(6)
  expect(destinations).toHaveLength(3)
})
afterAll(async () => {
  if (serviceUp) await sandbox?.close()
})

describe('the outbox under random counter work, faults and restarts', () => {
  it('ends with the service holding exactly the intended bookings: none lost, none doubled', async () => {
    const seed = process.env.OUTBOX_SEED === undefined ? undefined : Number(process.env.OUTBOX_SEED)
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 24 }), async (ops) => {
        // Each run starts from the seed's stock, on a fresh data folder.
        if (!serviceUp) {
          sandbox = await startSandbox({ dataDir: sandboxDir, port })
          serviceUp = true
        }
        sandbox!.setFaults({ dropShare: 0, errorShare: 0 })
        await sandbox!.reset()
        const scenario = new Scenario(`PT${++run}`)
        await scenario.start()
        try {
          for (const op of ops) await scenario.apply(op)
          await scenario.settle()
          const onService = await serviceShipments(scenario.prefix)
          const byKey = new Map<string, ServiceShipment[]>()
          for (const s of onService) {
            const key = s.reference!.split('.')[0]!
            byKey.set(key, [...(byKey.get(key) ?? []), s])
          }
          for (const b of scenario.bookings) {
            const found = byKey.get(b.key) ?? []
            expect(found.length, `${b.key} on the service (${b.deleted ? 'deleted' : 'kept'})`).toBe(b.deleted ? 0 : 1)
            if (b.deleted) continue
            const s = found[0]!
            const lines: Record<number, number> = {}
            for (const m of s.movements) lines[m.item_id] = (lines[m.item_id] ?? 0) + Number(m.booked_quantity)
            expect({ ...pick(s), lines }, `${b.key} as the service holds it`).toEqual(intendedView(b))
            expect(s.agency_from_id).toBe(origin)
          }
          expect(
            [...byKey.keys()].filter((k) => !scenario.bookings.some((b) => b.key === k)),
            'no booking nobody made',
          ).toEqual([])
        } finally {
          await scenario.h.close()
        }
      }),
      { numRuns: RUNS, seed, path: process.env.OUTBOX_PATH, endOnFailure: process.env.OUTBOX_SHRINK === undefined },
    )
  }, 180_000)
})
