import { computed, nextTick, shallowRef } from 'vue'
import type { LocalBooking } from '@shared/bookings'

/**
 * Printing slips and manifests. `PrintHost` (mounted once in the shell) renders
 * the current job into a print-only container; `@media print` hides the app
 * and shows only that. Any screen prints with one call:
 *
 *   const { printSlip, printManifest } = usePrint()
 *   await printSlip(booking)           // one booking or shipment slip
 *   await printManifest(bookings)      // the bookings shipped together
 */
export type PrintJob =
  { kind: 'slip'; booking: LocalBooking; printedAt: string } | { kind: 'manifest'; bookings: LocalBooking[]; printedAt: string }

const job = shallowRef<PrintJob | null>(null)

async function print(next: PrintJob): Promise<void> {
  job.value = next
  // The slip (and its barcode, drawn when it mounts) must be in the page before the dialog opens.
  await nextTick()
  window.print()
}

export function usePrint() {
  return {
    /** What is (or was last) laid out for the printer; it stays rendered, hidden on screen. */
    job: computed(() => job.value),
    printSlip: (booking: LocalBooking) => print({ kind: 'slip', booking, printedAt: new Date().toISOString() }),
    printManifest: (bookings: LocalBooking[]) => print({ kind: 'manifest', bookings: [...bookings], printedAt: new Date().toISOString() }),
  }
}
