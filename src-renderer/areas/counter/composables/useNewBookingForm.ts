import { computed, nextTick, ref, shallowReactive, watch } from 'vue'
import type { BookingChanges, LocalBooking } from '@shared/bookings'
import type { CounterSetup, ScannedItem } from '@shared/counter'
import { AppError } from '@shared/errors'
import type { RequiredField } from '../components/BookingHeaderFields.vue'
import {
  datedLotLines,
  fromBooking,
  needsLot,
  overStock,
  toBookingLines,
  validQuantity,
  type FormLine,
} from '@renderer/stores/bookingFormLines'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import { useSubmit } from '@renderer/composables/useSubmit'
import type { BookingFields } from './bookingFields'
import { useBookingLinesEditor } from './useBookingLinesEditor'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * New booking (no id) or the edit of one (id: local or service id), without the page: what the form holds,
 * its opening reads, its lines (useBookingLinesEditor) and the whole save, from the checks through the kept
 * form settling, the create and the form emptied, to the form kept again when the save failed. The view
 * draws it and gives it a `screen` (newBookingScreen.ts); a test drives it in an effect scope.
 */
export function useNewBookingForm(id: string | undefined, screen: NewBookingScreen) {
  const { t } = screen
  const bookings = useBookingsStore()
  const reads = useCounterReads()
  const openBooking = useOpenBookingStore()
  const catalogue = useCatalogueStore()
  const whoami = useWhoAmIStore()

  // Editing works on a copy: the counter's open booking stays as it was for when the clerk comes back. Its lines are
  // replaced at every change, as the counter's are (stores/openBooking.ts): a shallow copy.
  const editing = id !== undefined
  const fields: BookingFields = editing
    ? shallowReactive({
        destination: null as number | null,
        plannedDelivery: null as string | null,
        reference: '',
        needsTransport: true,
        transferRequestId: null as number | null,
        lines: [] as FormLine[],
      })
    : openBooking
  const original = ref<LocalBooking | null>(null)
  // The form keeps everything typed on a failure; the message goes where the problem is. Reading the booking
  // and the lines' own checks say theirs in the same place.
  const {
    busy: saving,
    error,
    run: send,
  } = useSubmit(async (asDraft: boolean) => {
    if (editing && original.value) return saveEdit(original.value, asDraft)
    return saveNew(asDraft)
  })
  /** What Ctrl+Enter found missing, in the form's order: each is outlined and says so beside it. */
  const missing = ref<(RequiredField | 'lines')[]>([])

  const setup = computed(() => bookings.setup)
  const today = () => setup.value?.today ?? null
  const lines = useBookingLinesEditor(fields, screen, today, (err) => (error.value = err))
  const canBook = computed(() => !!setup.value?.agency)
  /** What this server does not offer (sandbox extensions it lacks): the counter goes without it and says so. */
  const lacks = (what: CounterSetup['unavailable'][number]) => setup.value?.unavailable.includes(what) ?? false
  /** A new booking may start from a transfer request, where the server has them. */
  const canStartFromRequest = computed(() => !editing && !lacks('transferRequests'))

  // Agencies and stock come with the catalogue: a fresh pull may bring new ones;
  // the user's own agency comes with the profile, read again after a failure.
  watch(
    () => [catalogue.revision, whoami.data?.agency?.id] as const,
    ([revision, agency], [revisionBefore]) => {
      // The profile arriving after the first reads (a cold start) names the agency the setup already has: nothing to read again.
      if (revision === revisionBefore && agency !== undefined && agency === setup.value?.agency?.id) return
      void bookings.loadSetup()
    },
  )

  /** The first reads are in: until then the scanner waits (a scan must not race the kept booking's restore). */
  const opened = ref(false)
  // Read together, not one after another, and asked for now rather than once the screen is drawn, so the host answers
  // while the shell and the form mount (they are the cold start's last step, test/bench/shell/coldLoad.bench.ts):
  // the booking typed before a reload, a crash or a restart (kept in this entity's cache), the catalogue's state, the setup.
  const opening = Promise.all([editing ? null : restoreOpen(null), catalogue.loadStatus(), bookings.loadSetup()]).then(() => {
    opened.value = true
  })

  /** Once the first reads are in and the screen is drawn: the catalogue, the booking edited, today's date. */
  async function open(): Promise<void> {
    // The counter books from the cached catalogue: the first time here, fetch it.
    if (catalogue.status && !catalogue.hasSnapshot && !catalogue.pulling) void catalogue.pull()
    // Never read from this server yet: what it offers (POS settings, transfer requests) is learnt by a refresh.
    if (!setup.value?.refreshedAt) void bookings.refresh()
    if (editing) await loadBooking()
    else if (!fields.plannedDelivery) fields.plannedDelivery = today()
  }

  // After the first screen, while it is shown: codes new to this window become lines in the first frame too (stores/scanIndex.ts).
  let left = false
  const readAhead = () => left || reads.warmScans()
  function close(): void {
    left = true
    reads.coolScans()
    // Said once: coming back to the screen finds the form as it is, with nothing to announce.
    openBooking.restoredAt = null
  }

  // Another company: its own open booking (or an empty form); the one typed here stays kept for this one.
  // The profile's first arrival after the opening reads (a cold start) is no switch: they were of the core's current entity.
  let entityKnown = whoami.currentEntity !== null
  watch(
    () => whoami.currentEntity?.id,
    (entity) => {
      if (!entityKnown) {
        entityKnown = entity !== undefined
        if (entityKnown) return
      }
      lines.forget()
      if (!editing) void restoreOpen(today())
    },
  )
  /** The profile has been read, or could not be (then days are the computer's, as they were before it). */
  const profileSettled = new Promise<void>((resolve) => {
    const settled = () => whoami.data !== null || whoami.error !== null
    if (settled()) return resolve()
    const stop = watch(settled, (now) => {
      if (!now) return
      stop()
      resolve()
    })
  })
  /**
   * This entity's open booking back on screen; a planned-delivery day that passed since moves to the clerk's today,
   * once the profile says which day that is: a cold start restores before the profile is read, and UTC's day is
   * tomorrow's in the evening in the Americas.
   */
  async function restoreOpen(day: string | null): Promise<void> {
    await openBooking.restore(day)
    void profileSettled.then(() => openBooking.catchUpDelivery(screen.today))
  }

  async function loadBooking(): Promise<void> {
    try {
      const b = await reads.booking(id!)
      original.value = b
      const scans = new Map<number, ScannedItem>()
      for (const code of new Set(b.lines.map((l) => l.itemCode).filter((c): c is string => !!c))) {
        const found = await reads.scan(code, 'item')
        if (found.kind === 'item') scans.set(found.item.item.id, found.item)
      }
      Object.assign(fields, {
        destination: b.agencyToId,
        plannedDelivery: b.plannedDelivery,
        reference: b.reference ?? '',
        needsTransport: b.needsTransport,
        transferRequestId: b.transferRequestId,
        lines: fromBooking(b, scans),
      })
    } catch (err) {
      error.value = AppError.from(err)
    }
  }

  /** What is missing to save; a draft may wait for its destination (the clerk may not know it yet). */
  function gaps(asDraft = false): (RequiredField | 'lines')[] {
    const found: (RequiredField | 'lines')[] = []
    if (fields.destination === null && !asDraft) found.push('destination')
    if (!fields.plannedDelivery) found.push('plannedDelivery')
    if (fields.lines.length === 0) found.push('lines')
    return found
  }

  /** Ready to save? If not, the first missing field takes the focus, in view, outlined with its message beside it. */
  function check(asDraft: boolean): boolean {
    missing.value = gaps(asDraft)
    const first = missing.value[0]
    if (first) {
      void nextTick(() => {
        if (first === 'lines') screen.focusScan()
        else screen.focusField(first)
        screen.revealMissing()
      })
      return false
    }
    return fields.lines.every((l) => validQuantity(l.quantity))
  }
  // A field filled in loses its outline at once; nothing new is outlined before the next Ctrl+Enter.
  watch(
    () => [fields.destination, fields.plannedDelivery, fields.lines.length],
    () => {
      if (missing.value.length) missing.value = missing.value.filter((f) => gaps().includes(f))
    },
  )

  /** Lines booked above what is available, each with that figure: marked on the line, and counted in the save button so the warning cannot be missed. */
  const over = computed(() => overStock(fields.lines))
  const overCount = computed(() => over.value.size)
  /** What the lines' availability was read from: the screen says how old it is once past the freshness limit. */
  const catalogueStatus = computed(() => catalogue.status)

  // A line on an expired lot, or one expiring within the warning days, is asked about before the booking is
  // saved to go out (a draft does not go out).
  const expiredAsk = ref(false)
  const expiredItems = computed(() =>
    datedLotLines(fields.lines, screen.freshness)
      .map(({ line, lot, state }) =>
        t(state === 'expired' ? 'counter.expiredItem' : 'counter.nearItem', {
          code: line.code,
          lot: lot.name ?? `#${lot.id}`,
          date: screen.day(lot.expires) ?? '',
        }),
      )
      .join(', '),
  )

  /** A line of an item kept in lots with none chosen: selected, and its lot list takes the focus. */
  function askForLot(): boolean {
    const line = fields.lines.find(needsLot)
    if (!line) return false
    lines.selected.value = line.key
    void nextTick(() => screen.focusLot(line.key))
    return true
  }

  const changes = () =>
    ({
      agencyToId: fields.destination,
      plannedDelivery: fields.plannedDelivery!,
      reference: fields.reference.trim() || null,
      needsTransport: fields.needsTransport,
      lines: toBookingLines(fields.lines),
    }) satisfies BookingChanges

  /** An edit saved (and submitted, unless kept as a draft): back to the list. */
  async function saveEdit(booking: LocalBooking, asDraft: boolean): Promise<void> {
    const saved = await bookings.update(booking.localId, changes())
    const number = bookings.bookingNumber(saved)
    if (saved.state === 'draft' && !asDraft) {
      await bookings.submit(saved.localId)
      screen.say('success', t('counter.submitted', { number }))
    } else screen.say('success', t(saved.state === 'draft' ? 'counter.draftSaved' : 'counter.updated', { number }))
    await screen.toBookings()
  }

  /** The counter's form saved as a booking: the kept form settles first (the create forgets it), and is kept again when the create fails. */
  async function saveNew(asDraft: boolean): Promise<void> {
    await openBooking.settle()
    const { booking, warnings } = await bookings
      .create({ ...changes(), transferRequestId: fields.transferRequestId, draft: asDraft, fromOpenBooking: true })
      .catch((err: unknown) => {
        // Not saved: the form stays, and is kept again.
        if (openBooking.pending) void openBooking.flush()
        throw err
      })
    screen.say('success', t(asDraft ? 'counter.draftSaved' : 'counter.saved', { number: bookings.bookingNumber(booking) }))
    if (warnings.length) screen.say('warning', t('counter.savedWarnings', { count: warnings.length }, warnings.length))
    openBooking.saved(today())
    lines.forget()
    lines.selected.value = null
  }

  /** Saves the booking (queued for the service), or as a draft kept here until the clerk confirms it. */
  async function save(asDraft = false, expiredConfirmed = false): Promise<void> {
    // Only a draft (new, or one being finished) may wait for its destination; a booking on its way keeps one.
    if (saving.value || !check(asDraft && (!editing || original.value?.state === 'draft'))) return
    if (!asDraft && askForLot()) return
    const moved = asDraft ? null : lines.catchUpDelivery()
    if (moved) screen.say('warning', t('counter.deliveryMovedAtSave', { from: screen.day(moved.from), to: screen.day(moved.to) }))
    if (!asDraft && !expiredConfirmed && datedLotLines(fields.lines, screen.freshness).length > 0) {
      expiredAsk.value = true
      return
    }
    await send(asDraft)
    await nextTick()
    screen.focusScan()
  }

  /** Where the clerk starts: a draft kept without its destination opens on it (that is what it waits for), any other on the scan box. */
  function focusFirst(): void {
    if (original.value?.state === 'draft' && original.value.agencyToId === null) screen.focusField('destination')
    else screen.focusScan()
  }

  function discard(): void {
    if (editing) return void screen.toBookings()
    screen.confirmDiscard(() => {
      openBooking.reset(today())
      lines.forget()
      void nextTick(screen.focusScan)
    })
  }

  return {
    focusFirst,
    editing,
    fields,
    original,
    setup,
    canBook,
    lacks,
    canStartFromRequest,
    opened,
    opening,
    open,
    readAhead,
    close,
    saving,
    error,
    missing,
    over,
    catalogueStatus,
    overCount,
    expiredAsk,
    expiredItems,
    save,
    discard,
    lines,
  }
}
