import { ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { ScannedItem } from '@shared/counter'
import { AppError } from '@shared/errors'
import { fromBooking } from '@renderer/stores/bookingFormLines'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import type { BookingFields } from './bookingFields'

/**
 * The booking an edit opens (`id`: local or service id): read, its items read as scans would (for their
 * lots), and put in the form's fields. A failed read is said where the form's problems go.
 */
export function useEditedBooking(id: string | undefined, fields: BookingFields, failed: (error: AppError) => void) {
  const reads = useCounterReads()
  const original = ref<LocalBooking | null>(null)

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
      failed(AppError.from(err))
    }
  }

  return { original, loadBooking }
}
