import { computed, ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { ScannedItem } from '@shared/counter'
import { fromBooking } from '@renderer/stores/bookingFormLines'
import { createLoader } from '@renderer/stores/loader'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import type { BookingFields } from './bookingFields'

/**
 * The booking an edit opens (`id`: local or service id): read, its items read as scans would (for their
 * lots), and put in the form's fields. A failed read stays said, with its retry, until a read succeeds: until
 * then the form does not know what it edits, and the save refuses (useBookingSave.ts).
 */
export function useEditedBooking(id: string | undefined, fields: BookingFields) {
  const reads = useCounterReads()
  const original = ref<LocalBooking | null>(null)

  const reading = createLoader(
    async () => {
      const booking = await reads.booking(id!)
      const scans = new Map<number, ScannedItem>()
      for (const code of new Set(booking.lines.map((l) => l.itemCode).filter((c): c is string => !!c))) {
        const found = await reads.scan(code, 'item')
        if (found.kind === 'item') scans.set(found.item.item.id, found.item)
      }
      return { booking, scans }
    },
    ({ booking: b, scans }) => {
      original.value = b
      Object.assign(fields, {
        destination: b.agencyToId,
        plannedDelivery: b.plannedDelivery,
        reference: b.reference ?? '',
        needsTransport: b.needsTransport,
        transferRequestId: b.transferRequestId,
        lines: fromBooking(b, scans),
      })
    },
  )

  async function loadBooking(): Promise<void> {
    await reading.load()
  }

  return {
    original,
    /** The first read, and its retry when it failed. */
    loadBooking,
    readError: computed(() => reading.error),
    readingBooking: computed(() => reading.loading),
  }
}
