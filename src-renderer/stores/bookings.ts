import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import type { BookingInput, BookingChanges, LocalBooking, OutboxEntry } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import type { CounterSetup } from '@shared/counter'
import type { EventPayload, RequestInput, RequestOutput } from '@shared/contract'
import { AppError } from '@shared/errors'
import { bookingCode as codeOf, bookingLabel } from '@shared/bookingIdentity'
import { createLoader } from './loader'
import { useConnectionStore } from './connection'
import { bookingSearch, noFilter, type BookingsFilter } from './bookingsFilter'

export type SyncSummary = EventPayload<'sync.changed'>
type PushReport = RequestOutput<'sync.push'>

/**
 * The bookings the counter, dispatch and sync screens share: the cached list
 * (ours and the agency's), the outbox, and the engine's state. The screens ask
 * for changes through here; every command answers with what it changed and the
 * core announces the same (bookings.changed), so the store applies it and reads
 * nothing again. The lists are read whole once, when a screen first needs them
 * (and whole again only from the service, by a refresh).
 */
export const useBookingsStore = defineStore('bookings', () => {
  const bookings = ref<LocalBooking[]>([])
  const outbox = ref<OutboxEntry[]>([])
  const setup = ref<CounterSetup | null>(null)
  const sync = ref<SyncSummary>({ waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false })
  /** When a push last ended in this window (the engine also pushes in the background). */
  const lastSyncAt = ref<string | null>(null)
  const loadError = ref<AppError | null>(null)
  /** A push asked for from this window is under way (the events say the same a moment later). */
  const pushingHere = ref(false)
  const pushing = computed(() => sync.value.pushing || pushingHere.value)
  /** The lists were read once in this window: from then on the changes keep them current. */
  const loaded = ref(false)

  const connection = useConnectionStore()
  const agencyId = computed(() => setup.value?.agency?.id ?? null)
  const byLocalId = computed(() => new Map(bookings.value.map((b) => [b.localId, b])))

  /** The bookings list: those leaving my agency, open and of the last days (the refresh keeps 30 days of history), newest first. */
  const ours = computed(() =>
    bookings.value
      .filter((b) => agencyId.value === null || b.agencyFromId === agencyId.value)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  )
  /** The list's search and filters: kept here, so they survive leaving the screen and coming back. */
  const listFilter = ref<BookingsFilter>({ ...noFilter })
  // A new search (and its cached texts) when the destination names change.
  const search = computed(() => {
    const names = new Map((setup.value?.agencies ?? []).map((a) => [a.id, a.name]))
    return bookingSearch((id) => names.get(id) ?? '')
  })
  const listed = computed(() => search.value(ours.value, listFilter.value))

  onEvent('sync.changed', (next) => setSync(next))
  onEvent('bookings.changed', (delta) => apply(delta))
  // Another company's cache, or another session's (signed in or out, training data reset): nothing held
  // here is its, so the lists are read whole (no change names them), or emptied when signed out.
  onEvent('entity.changed', () => {
    if (loaded.value) void load()
  })
  onEvent('session.changed', (status) => {
    const wasLoaded = loaded.value
    bookings.value = []
    outbox.value = []
    sync.value = { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false }
    setup.value = null
    loaded.value = false
    if (wasLoaded && status.state === 'signed_in') void load()
  })

  function setSync(next: SyncSummary): void {
    // A push that ended while the service was unreachable sent nothing: it is not a sync. One the clerk asked for
    // is judged by its own answer (pushNow), which says how the line was; the line's state may not have caught up yet.
    if (sync.value.pushing && !next.pushing && !pushingHere.value && connection.state?.online !== false)
      lastSyncAt.value = new Date().toISOString()
    sync.value = next
  }

  /** How many whole lists were applied: a refresh's answer is not applied over a newer one already here. */
  let wholeLists = 0
  /** Changes that arrive while the lists are being read: applied again over the read, which may be older. */
  let arrivedDuringLoad: BookingsDelta[] | null = null

  /**
   * Applies what changed: the bookings named replace (or leave) the list, their open entries replace
   * the ones held for them, the counts replace the counts. Applying the same change twice (a command's
   * answer and its announcement) leaves the same state.
   */
  function apply(delta: BookingsDelta): void {
    arrivedDuringLoad?.push(delta)
    setSync(delta.sync)
    if (delta.full) {
      wholeLists++
      bookings.value = delta.bookings
      outbox.value = delta.entries
      loaded.value = true
      return
    }
    const named = new Set([...delta.bookings.map((b) => b.localId), ...delta.removed])
    if (named.size === 0) return
    const fresh = new Map(delta.bookings.map((b) => [b.localId, b]))
    const kept = bookings.value.filter((b) => !delta.removed.includes(b.localId)).map((b) => fresh.get(b.localId) ?? b)
    const known = new Set(kept.map((b) => b.localId))
    // New ones first, as the list is ordered (newest first).
    bookings.value = [...delta.bookings.filter((b) => !known.has(b.localId)), ...kept]
    outbox.value = [...outbox.value.filter((e) => !named.has(e.localId)), ...delta.entries].sort((a, b) => a.seq - b.seq)
  }

  /** Reads the lists whole: once per window (a screen's first visit), or when the clerk asks after a failure. */
  let loading: Promise<void> | null = null
  function load(): Promise<void> {
    // The status bar and a screen opening together share one read.
    loading ??= read().finally(() => (loading = null))
    return loading
  }

  async function read(): Promise<void> {
    arrivedDuringLoad = []
    try {
      const [list, entries, summary] = await Promise.all([request('bookings.list'), request('outbox.list'), request('sync.status')])
      const later = arrivedDuringLoad ?? []
      arrivedDuringLoad = null
      bookings.value = list
      outbox.value = entries
      sync.value = summary
      loadError.value = null
      loaded.value = true
      for (const delta of later) apply(delta)
    } catch (err) {
      loadError.value = AppError.from(err)
    } finally {
      arrivedDuringLoad = null
    }
  }

  /** What a screen calls when it opens: the lists are read the first time only. */
  async function ensureLoaded(): Promise<void> {
    if (!loaded.value) await load()
  }

  async function loadSync(): Promise<void> {
    try {
      setSync(await request('sync.status'))
    } catch {
      // Signed out or no entity yet: nothing waits.
    }
  }

  async function loadSetup(): Promise<void> {
    try {
      setup.value = await request('counter.setup')
    } catch (err) {
      loadError.value = AppError.from(err)
    }
  }

  /** Reads the agency's bookings from the service; offline, the cached ones stay and the failure is kept for the screen. */
  const refresher = createLoader(async () => {
    try {
      const before = wholeLists
      const answer = await request('counter.refresh')
      setup.value = answer.setup
      // The core announced the same whole list (bookings.changed), in order with a push's changes: when that
      // announcement came first, a push may have changed a booking since, and the answer would undo it.
      if (wholeLists === before) apply(answer.changes)
    } catch (err) {
      if (!setup.value) await loadSetup()
      // Offline: what this computer has is still worth showing.
      await ensureLoaded()
      throw err
    }
  })
  const refreshing = computed(() => refresher.loading)
  const refreshError = computed(() => refresher.error)
  async function refresh(): Promise<void> {
    if (!refresher.loading) await refresher.load()
  }

  /**
   * The clerk asked to sync now (waiting entries go at once, backoff or not). The core asks the service
   * even with nothing to send, and only a push that found the service answering is a sync.
   */
  async function pushNow(): Promise<PushReport> {
    pushingHere.value = true
    try {
      const report = await request('sync.push')
      connection.apply(report.connection)
      if (report.connection.online) lastSyncAt.value = new Date().toISOString()
      apply(report.changes)
      return report
    } finally {
      pushingHere.value = false
    }
  }

  // The commands: each answers with what it changed, applied here at once.

  async function create(input: BookingInput): Promise<RequestOutput<'bookings.create'>> {
    const answer = await request('bookings.create', input)
    apply(answer.changes)
    return answer
  }

  /** A command on one booking: what it changed is applied here, and the booking it left is the answer. */
  async function onBooking<N extends 'bookings.update' | 'bookings.submit' | 'bookings.ship' | 'bookings.deliver'>(
    name: N,
    input: RequestInput<N>,
  ): Promise<LocalBooking> {
    const answer = (await request(name, input)) as RequestOutput<N>
    apply(answer.changes)
    return answer.booking
  }

  const update = (id: string, changes: BookingChanges) => onBooking('bookings.update', { id, changes })
  const submit = (id: string) => onBooking('bookings.submit', { id })
  const ship = (id: string) => onBooking('bookings.ship', { id })
  /** Delivered whole, or as counted (a shipment in transit) with the clerk's note on the difference. */
  const deliver = (id: string, counted: Omit<RequestInput<'bookings.deliver'>, 'id'> = {}) =>
    onBooking('bookings.deliver', { id, ...counted })

  /** Voids (annuls) the booking on the service: it leaves the lists here at once. */
  async function voidBooking(id: string): Promise<void> {
    apply((await request('bookings.void', { id })).changes)
  }

  async function remove(id: string): Promise<void> {
    apply((await request('bookings.delete', { id })).changes)
  }

  async function retry(seq: number): Promise<void> {
    apply(await request('outbox.retry', { seq }))
  }

  async function discard(seq: number): Promise<void> {
    apply(await request('outbox.discard', { seq }))
  }

  async function keepTheirs(seq: number): Promise<void> {
    apply(await request('outbox.keepTheirs', { seq }))
  }

  /** The clerk compared a held create with its look-alikes: it is the service's booking `serviceId`. */
  async function claimCandidate(seq: number, serviceId: number): Promise<void> {
    apply(await request('outbox.claimCandidate', { seq, serviceId }))
  }

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return setup.value?.agencies.find((a) => a.id === id)?.name ?? `#${id}`
  }

  /** The one name a clerk reads everywhere: the local reference, then the service's number with it beside (bookingIdentity.ts). */
  function bookingNumber(b: LocalBooking): string {
    return bookingLabel(b)
  }

  /** What a barcode carries: the service's number once confirmed, else the local reference. */
  function bookingCode(b: LocalBooking): string {
    return codeOf(b)
  }

  return {
    bookings,
    outbox,
    setup,
    sync,
    lastSyncAt,
    loadError,
    refreshError,
    refreshing,
    pushing,
    loaded,
    agencyId,
    byLocalId,
    ours,
    listFilter,
    listed,
    apply,
    load,
    ensureLoaded,
    loadSync,
    loadSetup,
    refresh,
    pushNow,
    create,
    update,
    submit,
    remove,
    voidBooking,
    ship,
    deliver,
    retry,
    discard,
    keepTheirs,
    claimCandidate,
    agencyName,
    bookingNumber,
    bookingCode,
  }
})
