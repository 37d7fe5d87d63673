import { nextTick } from 'vue'
import type { ScannedItem, TransferRequest } from '@shared/counter'
import { fromRequest } from '@renderer/stores/bookingFormLines'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import type { BookingFields } from './bookingFields'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * The form filled from a transfer request: its destination, day, reference and lines (each item read as a
 * scan would, for its lots); a day that has passed moves to today.
 */
export function useTransferRequestFill(
  fields: BookingFields,
  screen: Pick<NewBookingScreen, 'focusScan'>,
  today: () => string | null,
  catchUpDelivery: () => unknown,
) {
  const reads = useCounterReads()

  async function fromTransferRequest(r: TransferRequest): Promise<void> {
    const scans = new Map<number, ScannedItem>()
    for (const l of r.lines) {
      if (!l.itemCode) continue
      const found = await reads.scan(l.itemCode, 'item').catch(() => null)
      if (found?.kind === 'item') scans.set(l.itemId, found.item)
    }
    Object.assign(fields, {
      destination: r.agencyToId,
      plannedDelivery: r.plannedDelivery ?? fields.plannedDelivery,
      reference: r.reference ?? fields.reference,
      transferRequestId: r.id,
      lines: fromRequest(r, scans, today()),
    })
    catchUpDelivery()
    await nextTick()
    screen.focusScan()
  }

  return { fromTransferRequest }
}
