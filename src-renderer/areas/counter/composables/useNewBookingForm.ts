import { computed, nextTick, shallowReactive } from 'vue'
import type { AppError } from '@shared/errors'
import { overStock, type FormLine } from '@renderer/stores/bookingFormLines'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import type { BookingFields } from './bookingFields'
import { useBookingLinesEditor } from './useBookingLinesEditor'
import { useBookingOpening } from './useBookingOpening'
import { useBookingSave } from './useBookingSave'
import { useCounterSetup } from './useCounterSetup'
import { useEditedBooking } from './useEditedBooking'
import { useLotQuestions } from './useLotQuestions'
import { useMissingFields } from './useMissingFields'
import { useOpenBookingRestore } from './useOpenBookingRestore'
import { useSavedBookingPicture } from './useSavedBookingPicture'
import type { NewBookingScreen } from './newBookingScreen'

/** An edit's fields, empty until its booking is read. Its lines are replaced at every change, as the counter's are (stores/openBooking.ts): a shallow copy. */
function editedCopy(): BookingFields {
  return shallowReactive({
    destination: null as number | null,
    plannedDelivery: null as string | null,
    reference: '',
    needsTransport: true,
    transferRequestId: null as number | null,
    lines: [] as FormLine[],
  })
}

/**
 * New booking (no id) or the edit of one (id: local or service id), without the page: what the form holds,
 * its opening reads, its lines (useBookingLinesEditor) and the whole save, from the checks through the kept
 * form settling, the create and the form emptied, to the form kept again when the save failed; then the picture
 * offered for the booking just saved. The view draws it and gives it a `screen` (newBookingScreen.ts); a test
 * drives it in an effect scope.
 */
export function useNewBookingForm(id: string | undefined, screen: NewBookingScreen) {
  const openBooking = useOpenBookingStore()
  const catalogue = useCatalogueStore()

  // Editing works on a copy: the counter's open booking stays as it was for when the clerk comes back.
  const editing = id !== undefined
  const fields: BookingFields = editing ? editedCopy() : openBooking
  // A line's own check that failed says so where the save's problems go; the booking's read keeps its own error.
  const failed = (err: AppError) => void (sending.error.value = err)
  const edited = useEditedBooking(id, fields)
  const { original, loadBooking } = edited

  const { setup, today, canBook, lacks, canStartFromRequest } = useCounterSetup(editing)
  const lines = useBookingLinesEditor(fields, screen, today, failed)
  const { restoreOpen } = useOpenBookingRestore({ editing, screen, today, forget: lines.forget })
  const opening = useBookingOpening({ editing, fields, setup: () => setup.value, today, restoreOpen, loadBooking })
  const { missing, check } = useMissingFields(fields, screen)

  /** Lines booked above what is available, each with that figure: marked on the line, and counted in the save button so the warning cannot be missed. */
  const over = computed(() => overStock(fields.lines))
  const overCount = computed(() => over.value.size)
  /** What the lines' availability was read from: the screen says how old it is once past the freshness limit. */
  const catalogueStatus = computed(() => catalogue.status)

  const lots = useLotQuestions(fields, screen, lines.selected)
  const picture = useSavedBookingPicture(screen)
  const sending = useBookingSave({
    editing,
    fields,
    original,
    reading: () => edited.readingBooking.value,
    screen,
    lines,
    today,
    check,
    lots,
    saved: picture.offer,
  })

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
    // The edited booking, its read's error (the save refuses meanwhile) and that read again.
    ...edited,
    setup,
    canBook,
    lacks,
    canStartFromRequest,
    ...opening,
    saving: sending.saving,
    error: sending.error,
    missing,
    over,
    catalogueStatus,
    overCount,
    expiredAsk: lots.expiredAsk,
    expiredItems: lots.expiredItems,
    save: sending.save,
    discard,
    lines,
    /** The booking just saved and its picture (issue 33): offered after the save, never in its way. */
    picture,
  }
}
