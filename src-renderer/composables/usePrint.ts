import { computed, nextTick, shallowRef, type Component } from 'vue'
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

/** What draws a job on paper. Its code (JsBarcode's is 60 kB) comes at the first print, not with the shell. */
export interface PrintViews {
  slip: Component
  manifest: Component
}

const job = shallowRef<PrintJob | null>(null)
const views = shallowRef<PrintViews | null>(null)
let loading: Promise<PrintViews> | null = null
let loader: (() => Promise<PrintViews>) | null = null

/** The print host (shell/print/) hands over how to load what it draws: the shell sits above every screen that prints. */
export function drawPrintsWith(load: () => Promise<PrintViews>): void {
  loader = load
}

function loadViews(): Promise<PrintViews> {
  if (!loader) return Promise.reject(new Error('usePrint: no print host is mounted'))
  loading ??= loader().then(
    (loaded) => (views.value = loaded),
    (err: unknown) => {
      loading = null // the next print tries again
      throw err
    },
  )
  return loading
}

async function print(next: PrintJob): Promise<void> {
  await loadViews()
  job.value = next
  // The slip (and its barcode, drawn when it mounts) must be in the page before the dialog opens.
  await nextTick()
  window.print()
}

export function usePrint() {
  return {
    /** What is (or was last) laid out for the printer; it stays rendered, hidden on screen. */
    job: computed(() => job.value),
    views: computed(() => views.value),
    printSlip: (booking: LocalBooking) => print({ kind: 'slip', booking, printedAt: new Date().toISOString() }),
    printManifest: (bookings: LocalBooking[]) => print({ kind: 'manifest', bookings: [...bookings], printedAt: new Date().toISOString() }),
  }
}
