import { nextTick, type Ref } from 'vue'
import type { BookingChanges, LocalBooking } from '@shared/bookings'
import { usePrint } from '@renderer/composables/usePrint'
import { datedLotLines, toBookingLines } from '@renderer/stores/bookingFormLines'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useSubmit } from '@renderer/stores/useSubmit'
import type { BookingFields } from './bookingFields'
import type { useBookingLinesEditor } from './useBookingLinesEditor'
import type { NewBookingScreen } from './newBookingScreen'

export interface BookingSaveNeeds {
  editing: boolean
  fields: BookingFields
  original: Ref<LocalBooking | null>
  /** The edited booking's read is under way (useEditedBooking.ts). */
  reading: () => boolean
  screen: NewBookingScreen
  lines: Pick<ReturnType<typeof useBookingLinesEditor>, 'catchUpDelivery' | 'forget' | 'selected'>
  today: () => string | null
  /** Ready to save? (useMissingFields.ts) */
  check: (asDraft: boolean) => boolean
  /** The lots asked about first (useLotQuestions.ts). */
  lots: { askForLot: () => boolean; expiredAsk: Ref<boolean> }
  /** A new booking is kept: what the screen offers after it (its picture, useSavedBookingPicture.ts). */
  saved: (booking: LocalBooking) => void
}

/**
 * The whole save: the checks, the kept form settling, the create (or an edit's update) and the form emptied,
 * to the form kept again when the save failed. The form keeps everything typed on a failure; the message goes
 * where the problem is, and the lines' own checks say theirs in the same place (an edit's read says its own).
 */
export function useBookingSave({ editing, fields, original, reading, screen, lines, today, check, lots, saved }: BookingSaveNeeds) {
  const { t } = screen
  const bookings = useBookingsStore()
  const openBooking = useOpenBookingStore()
  const { printSlipIfAsked } = usePrint()
  const sending = useSubmit(async (asDraft: boolean) => (editing ? saveEdit(original.value!, asDraft) : saveNew(asDraft)))

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
    saved(booking)
    // The station's slip on save (Settings); it prints beside the form, never holding it up.
    if (!asDraft) void printSlipIfAsked(booking)
    openBooking.saved(today())
    lines.forget()
    lines.selected.value = null
  }

  /** Saves the booking (queued for the service), or as a draft kept here until the clerk confirms it. */
  async function save(asDraft = false, expiredConfirmed = false): Promise<void> {
    // An edit whose booking could not be read does not know what it changes: saved as a new booking it would be a
    // second one, and would take the counter's open booking with it. The read's error stays shown with its retry.
    if (editing && !original.value) return screen.say('error', t(reading() ? 'counter.editStillReading' : 'counter.editUnreadSave'))
    // Only a draft (new, or one being finished) may wait for its destination; a booking on its way keeps one.
    if (sending.busy.value || !check(asDraft && (!editing || original.value?.state === 'draft'))) return
    if (!asDraft && lots.askForLot()) return
    const moved = asDraft ? null : lines.catchUpDelivery()
    if (moved) screen.say('warning', t('counter.deliveryMovedAtSave', { from: screen.day(moved.from), to: screen.day(moved.to) }))
    if (!asDraft && !expiredConfirmed && datedLotLines(fields.lines, screen.freshness).length > 0) {
      lots.expiredAsk.value = true
      return
    }
    await sending.run(asDraft)
    await nextTick()
    screen.focusScan()
  }

  return { saving: sending.busy, error: sending.error, save }
}
