import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import { useBookingsStore } from '@renderer/stores/bookings'
import { localBooking } from '../../../support/localBooking'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The store against a stand-in of the API client: what it asks for, and the events the core sends.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

/** The outbox's counts as the core read them, `version` its count of readings then (later readings, higher numbers). */
const sync = (waiting: number, version = 0) => ({ waiting, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version })
const booking = (localId: string, over: Partial<LocalBooking> = {}): LocalBooking =>
  localBooking(localId, { pending: 1, createdAt: `2026-11-24T10:00:0${localId.length % 10}Z`, ...over })
const entry = (seq: number, localId: string, op: OutboxEntry['op'] = 'create'): OutboxEntry => ({
  seq,
  localId,
  serviceId: null,
  origin: 'here',
  op,
  state: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-24T10:00:00Z',
})
const delta = (over: Partial<BookingsDelta>): BookingsDelta => ({
  bookings: [],
  removed: [],
  entries: [],
  sync: sync(0),
  full: false,
  ...over,
})

/** Answers the first read of the lists, and counts every request. */
function answering(list: LocalBooking[], entries: OutboxEntry[]) {
  request.mockImplementation(async (name: string) => {
    if (name === 'bookings.list') return list
    if (name === 'outbox.list') return entries
    if (name === 'sync.status') return sync(entries.length)
    if (name === 'bookings.create')
      return {
        booking: booking('new'),
        warnings: [],
        changes: delta({ bookings: [booking('new')], entries: [entry(9, 'new')], sync: sync(3) }),
      }
    throw new Error(`unexpected request ${name}`)
  })
}

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
})

describe('the bookings store', () => {
  it("applies a save's answer without reading again, and its announcement a second time changes nothing", async () => {
    answering([booking('a'), booking('b')], [entry(1, 'a'), entry(2, 'b')])
    const store = useBookingsStore()
    // The status bar and the screen open together: one read between them, and none the next time.
    await Promise.all([store.ensureLoaded(), store.ensureLoaded()])
    await store.ensureLoaded()
    expect(request).toHaveBeenCalledTimes(3)

    const answer = await store.create({ agencyToId: 2, plannedDelivery: '2026-12-01', lines: [{ itemId: 1, bookedQuantity: '1' }] })
    announce('bookings.changed', answer.changes)
    expect(request.mock.calls.map((c) => c[0])).toEqual(['bookings.list', 'outbox.list', 'sync.status', 'bookings.create'])
    expect(store.bookings.map((b) => b.localId)).toEqual(['new', 'a', 'b'])
    expect(store.outbox.map((e) => e.seq)).toEqual([1, 2, 9])
    expect(store.sync.waiting).toBe(3)
  })

  it("keeps what a push did when the answer of the command before it arrives after the push's announcement", async () => {
    answering([], [])
    const store = useBookingsStore()
    await store.ensureLoaded()
    const submitted = delta({ bookings: [booking('d')], entries: [entry(4, 'd')], sync: sync(1, 5) })
    const confirmed = delta({ bookings: [booking('d', { state: 'synced', serviceId: 61120, pending: 0 })], sync: sync(0, 7) })
    request.mockImplementation(async (name: string) => {
      if (name !== 'bookings.submit') throw new Error(`unexpected request ${name}`)
      // The events travel apart from the answers: the submit's announcement, then the push that confirmed it.
      announce('bookings.changed', submitted)
      announce('sync.changed', sync(0, 6))
      announce('bookings.changed', confirmed)
      return { booking: submitted.bookings[0], changes: submitted }
    })
    await store.submit('d')
    expect(store.bookings).toEqual(confirmed.bookings)
    expect(store.outbox).toEqual([])
    expect(store.sync.waiting).toBe(0)
  })

  it('keeps, over a whole list read before them, the bookings changed since, and takes no whole list older than the last', async () => {
    answering([], [])
    const store = useBookingsStore()
    await store.ensureLoaded()
    announce('bookings.changed', delta({ bookings: [booking('a', { state: 'synced', serviceId: 61121, pending: 0 })], sync: sync(0, 9) }))
    announce('bookings.changed', delta({ removed: ['b'], entries: [entry(5, 'b', 'delete')], sync: sync(1, 10) }))
    // The list the service gave before a was confirmed and b deleted arrives late (a refresh's answer).
    announce(
      'bookings.changed',
      delta({ bookings: [booking('c'), booking('b'), booking('a')], entries: [entry(1, 'a')], sync: sync(1, 8), full: true }),
    )
    expect(store.bookings.map((b) => [b.localId, b.state])).toEqual([
      ['a', 'synced'],
      ['c', 'pending'],
    ])
    expect(store.outbox.map((e) => [e.seq, e.localId])).toEqual([[5, 'b']])
    announce('bookings.changed', delta({ bookings: [booking('d')], sync: sync(0, 12), full: true }))
    announce('bookings.changed', delta({ bookings: [booking('c')], sync: sync(0, 11), full: true }))
    expect(store.bookings.map((b) => b.localId)).toEqual(['d'])
    expect(store.sync.version).toBe(12)
  })

  it('replaces a changed booking and its entries, and drops a deleted one from the list while its delete still waits', async () => {
    answering([booking('a'), booking('b')], [entry(1, 'a'), entry(2, 'b')])
    const store = useBookingsStore()
    await store.ensureLoaded()
    // a was confirmed (nothing open); b was deleted here (its delete waits in the outbox).
    announce(
      'bookings.changed',
      delta({ bookings: [booking('a', { state: 'synced', serviceId: 7, pending: 0 })], entries: [], sync: sync(1) }),
    )
    announce('bookings.changed', delta({ removed: ['b'], entries: [entry(3, 'b', 'delete')], sync: sync(1) }))
    expect(store.bookings).toEqual([booking('a', { state: 'synced', serviceId: 7, pending: 0 })])
    expect(store.outbox.map((e) => [e.seq, e.op])).toEqual([[3, 'delete']])
    expect(request).toHaveBeenCalledTimes(3)
  })

  it('takes a read from the service whole', async () => {
    answering([booking('a')], [entry(1, 'a')])
    const store = useBookingsStore()
    await store.ensureLoaded()
    announce('bookings.changed', delta({ bookings: [booking('x'), booking('y')], entries: [], full: true }))
    expect(store.bookings.map((b) => b.localId)).toEqual(['x', 'y'])
    expect(store.outbox).toEqual([])
  })

  it('keeps a change announced while the lists were being read, though the read answers after it', async () => {
    let answer: (list: LocalBooking[]) => void = () => undefined
    request.mockImplementation((name: string) => {
      if (name === 'bookings.list') return new Promise((resolve) => (answer = resolve))
      return Promise.resolve(name === 'outbox.list' ? [] : sync(0))
    })
    const store = useBookingsStore()
    const loading = store.ensureLoaded()
    announce('bookings.changed', delta({ bookings: [booking('a', { reference: 'newer' })], sync: sync(0) }))
    answer([booking('a', { reference: 'older' })])
    await loading
    expect(store.bookings.map((b) => b.reference)).toEqual(['newer'])
  })
})

describe('the bookings store across sessions', () => {
  it('forgets what it held when the session changes, and reads the new one whole', async () => {
    answering([booking('a')], [entry(1, 'a')])
    const store = useBookingsStore()
    await store.ensureLoaded()
    announce('session.changed', { state: 'signed_out', lastServerUrl: null, lastEmail: null })
    expect(store.bookings).toEqual([])
    expect(store.sync.waiting).toBe(0)
    expect(request).toHaveBeenCalledTimes(3)

    answering([booking('b')], [])
    await store.ensureLoaded()
    announce('session.changed', { state: 'signed_in', training: true, serverUrl: 'http://127.0.0.1:1', email: 'a@b.c' })
    await expect.poll(() => store.bookings.map((b) => b.localId)).toEqual(['b'])
    expect(request).toHaveBeenCalledTimes(9)
  })
})

describe('the bookings list in the store', () => {
  it('holds the bookings leaving my agency, newest first, shipped and delivered ones too, and filters them as the clerk types', async () => {
    const list = [
      booking('old', { createdAt: '2026-11-01T10:00:00Z', shipped: true, delivered: true, serviceId: 61100, state: 'synced' }),
      booking('incoming', { agencyFromId: 9, agencyToId: 1, createdAt: '2026-11-24T12:00:00Z' }),
      booking('new', { createdAt: '2026-11-24T11:00:00Z', reference: 'Pedido Norte' }),
    ]
    request.mockImplementation(async (name: string) => {
      if (name === 'counter.setup')
        return {
          agency: { id: 1, name: 'Tienda', agencyCategoryId: null },
          agencies: [{ id: 2, name: 'Bodega Central', agencyCategoryId: null }],
          destinations: [],
          filteredByCategory: false,
          unavailable: [],
          today: '2026-11-24',
          refreshedAt: null,
        }
      if (name === 'bookings.list') return list
      if (name === 'outbox.list') return []
      if (name === 'sync.status') return sync(0)
      throw new Error(`unexpected request ${name}`)
    })
    const store = useBookingsStore()
    await store.loadSetup()
    await store.ensureLoaded()
    expect(store.listed.map((b) => b.localId)).toEqual(['new', 'old'])
    store.listFilter.text = 'bodega central'
    expect(store.listed.map((b) => b.localId)).toEqual(['new', 'old'])
    store.listFilter.text = '61100'
    expect(store.listed.map((b) => b.localId)).toEqual(['old'])
    store.listFilter.text = ''
    store.listFilter.state = 'pending'
    expect(store.listed.map((b) => b.localId)).toEqual(['new'])
    // The label the list shows: the number, with the local reference beside it.
    expect(store.bookingNumber(list[0]!)).toBe('61100 · OLD')
    expect(store.bookingCode(list[0]!)).toBe('61100')
  })
})

describe('a refresh', () => {
  it('does not undo a push that settled after the core announced the refreshed list but before its answer arrived', async () => {
    answering([booking('a')], [entry(1, 'a')])
    const store = useBookingsStore()
    await store.ensureLoaded()
    const refreshed = delta({ bookings: [booking('a')], entries: [entry(1, 'a')], sync: sync(1, 3), full: true })
    request.mockImplementation(async (name: string) => {
      if (name !== 'counter.refresh') throw new Error(`unexpected request ${name}`)
      // The events come first: the refreshed list, then the push that confirmed a.
      announce('bookings.changed', refreshed)
      announce('bookings.changed', delta({ bookings: [booking('a', { state: 'synced', serviceId: 61109, pending: 0 })], sync: sync(0, 4) }))
      return { setup: null, changes: refreshed }
    })
    await store.refresh()
    expect(store.bookings[0]).toMatchObject({ state: 'synced', serviceId: 61109 })
    expect(store.outbox).toEqual([])
  })
})

describe('what the bookings screen shows when a read fails', () => {
  const setup = (agencyName: string) => ({
    agency: { id: 1, name: agencyName, agencyCategoryId: null },
    agencies: [],
    destinations: [],
    filteredByCategory: false,
    unavailable: [],
    today: '2026-11-24',
    refreshedAt: null,
  })
  const down = () => Promise.reject(new Error('the core did not answer'))

  it("shows a failed setup until the screen's retry reads the setup again", async () => {
    request.mockImplementation((name: string) =>
      name === 'counter.setup' ? down() : Promise.resolve(name === 'sync.status' ? sync(0) : []),
    )
    const store = useBookingsStore()
    await store.loadSetup()
    await store.ensureLoaded()
    expect(store.loadError).not.toBeNull()

    request.mockImplementation(async (name: string) => (name === 'counter.setup' ? setup('Tienda') : name === 'sync.status' ? sync(0) : []))
    await store.retryLoad()
    expect(store.setup?.agency?.name).toBe('Tienda')
    expect(store.loadError).toBeNull()
  })

  it('keeps a failed read of the lists on screen until a read of them answers', async () => {
    request.mockImplementation((name: string) =>
      name === 'bookings.list' ? down() : Promise.resolve(name === 'sync.status' ? sync(0) : []),
    )
    const store = useBookingsStore()
    await store.ensureLoaded()
    expect(store.loadError).not.toBeNull()
    expect(store.loaded).toBe(false)

    answering([booking('a')], [])
    await store.retryLoad()
    expect(store.loadError).toBeNull()
    expect(store.bookings.map((b) => b.localId)).toEqual(['a'])
  })

  it('lets two screens asking for the setup at once share one read, both finding it there', async () => {
    request.mockImplementation(async () => setup(`Tienda ${request.mock.calls.length}`))
    const store = useBookingsStore()
    const seen = await Promise.all([store.loadSetup().then(() => store.setup), store.loadSetup().then(() => store.setup)])
    expect(request).toHaveBeenCalledTimes(1)
    expect(seen.map((s) => s?.agency?.name)).toEqual(['Tienda 1', 'Tienda 1'])
  })

  it("drops a setup read started before the session changed: it is the last session's", async () => {
    let answer: (value: unknown) => void = () => undefined
    request.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const store = useBookingsStore()
    const reading = store.loadSetup()
    announce('session.changed', { state: 'signed_out', lastServerUrl: null, lastEmail: null })
    answer(setup('Tienda de la otra empresa'))
    await reading
    expect(store.setup).toBeNull()
  })
})

describe("the counter's setup after a company switch", () => {
  const setupOf = (agency: number, agencyName: string) => ({
    agency: { id: agency, name: `Agencia ${agency}`, agencyCategoryId: null },
    agencies: [{ id: agency + 1, name: agencyName, agencyCategoryId: null }],
    destinations: [],
    filteredByCategory: false,
    unavailable: [],
    today: '2026-11-24',
    refreshedAt: null,
  })
  const switched = () => announce('entity.changed', { currentEntity: { id: 2, name: 'B' } })

  it("is the new company's: Dispatch lists by its agency, Settings offers its agencies' stock", async () => {
    request.mockImplementation(async () => setupOf(1, 'Bodega de la empresa A'))
    const store = useBookingsStore()
    await store.loadSetup()
    expect(store.agencyId).toBe(1)

    request.mockImplementation(async () => setupOf(91, 'Bodega de la empresa B'))
    switched()
    expect(store.setup).toBeNull()
    await expect.poll(() => store.agencyId).toBe(91)
    expect(store.setup?.agencies.map((a) => a.name)).toEqual(['Bodega de la empresa B'])
  })

  it("drops a setup read started before the switch: it is the company left behind's", async () => {
    const answers: ((value: unknown) => void)[] = []
    request.mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    const store = useBookingsStore()
    const reading = store.loadSetup()
    switched()
    answers[0]!(setupOf(1, 'Bodega de la empresa A'))
    await reading
    expect(store.setup).toBeNull()
    answers[1]?.(setupOf(91, 'Bodega de la empresa B'))
    await expect.poll(() => store.agencyId).toBe(91)
  })
})
