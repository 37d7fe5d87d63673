import { computed, nextTick, shallowRef, type Component } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { isReceiptRoll, type Paper, type PrinterBridge, type PrinterInfo } from '@shared/printing'
import { usePreferencesStore } from '../stores/preferences'

/**
 * Printing slips, manifests and delivery notes (issue 33). `PrintHost` (mounted once in the shell) renders the
 * current job into a print-only container laid out for the station's paper; `@media print` hides the app and
 * shows only that. The desktop app prints it without a dialog to the station's printer (the preload's
 * `mostradorPrinter`); the browser host opens the browser's print. Any screen prints with one call:
 *
 *   const { printSlip, printManifest } = usePrint()
 *   await printSlip(booking)           // a booking slip, a shipment slip once shipped, a delivery note once delivered
 *   await printManifest(bookings)      // the bookings shipped together
 *
 * A document the printer did not take is kept (`unprinted`) until it is printed again or set aside.
 */
export type PrintJob =
  { kind: 'slip'; booking: LocalBooking; printedAt: string } | { kind: 'manifest'; bookings: LocalBooking[]; printedAt: string }

/** What draws a job on paper. Its code (JsBarcode's is 60 kB) comes at the first print, not with the shell. */
export interface PrintViews {
  slip: Component
  manifest: Component
}

/** A document the printer did not take, kept to print again: the printer's words say why. */
export interface Unprinted {
  id: number
  job: PrintJob
  printer: string | null
  reason: string
}

/** How the page prints: the desktop app's printer bridge, or the browser's dialog. Tests give their own. */
export interface PrintDevice {
  bridge(): PrinterBridge | undefined
  dialog(): void
}
const browserDevice: PrintDevice = {
  bridge: () => window.mostradorPrinter,
  dialog: () => window.print(),
}

const job = shallowRef<PrintJob | null>(null)
const views = shallowRef<PrintViews | null>(null)
/** The paper the job is laid out for, and (on a roll) how long its page is: PrintHost writes the @page rule from it. */
const page = shallowRef<{ paper: Paper; heightMm: number }>({ paper: 'a4', heightMm: 0 })
const unprinted = shallowRef<readonly Unprinted[]>([])
let nextId = 1
let loading: Promise<PrintViews> | null = null
let loader: (() => Promise<PrintViews>) | null = null
let measurer: (() => number) | null = null
let device = browserDevice
/** One print at a time: the page holds one document, and a print reads it after the call returns. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The print host (shell/print/) hands over how to load what it draws and how to measure the laid-out document
 * in millimetres: the shell sits above every screen that prints.
 */
export function drawPrintsWith(load: () => Promise<PrintViews>, measureMm: () => number): void {
  loader = load
  measurer = measureMm
}

/** For tests: the printer the page talks to. */
export function printWith(d: PrintDevice): void {
  device = d
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

/** Lays the job out for the station's paper and prints it; true when the printer took it (or the dialog opened). */
/** What the document just laid out still reads (a slip's pictures), and how long a print waits for it at most. */
let reading: Promise<unknown>[] = []
export const PRINT_READ_WAIT_MS = 3000

/**
 * A part of the document that reads something before it is whole (a slip's pictures) says so as it mounts:
 * the print waits for it (at most PRINT_READ_WAIT_MS: a picture that cannot be read never keeps the paper back).
 */
export function printWaitsFor(read: Promise<unknown>): void {
  reading.push(read)
}

async function untilRead(): Promise<void> {
  const all = reading
  reading = []
  if (all.length === 0) return
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([Promise.allSettled(all), new Promise((resolve) => (timer = setTimeout(resolve, PRINT_READ_WAIT_MS)))])
  clearTimeout(timer)
  await nextTick()
}

async function printNow(next: PrintJob, settings: { paper: Paper; printer: string | null }): Promise<boolean> {
  await loadViews()
  job.value = next
  page.value = { paper: settings.paper, heightMm: 0 }
  // The document (and its barcode, drawn when it mounts) must be in the page before it is measured and printed.
  await nextTick()
  await untilRead()
  const heightMm = isReceiptRoll(settings.paper) ? Math.max(1, measurer?.() ?? 0) : 0
  page.value = { paper: settings.paper, heightMm }
  await nextTick()
  const bridge = device.bridge()
  if (!bridge) {
    device.dialog()
    return true
  }
  const outcome = await bridge.print({ paper: settings.paper, deviceName: settings.printer ?? '', documentHeightMm: heightMm || 297 })
  if (!outcome.ok) keep(next, settings.printer, outcome.reason)
  return outcome.ok
}

function keep(next: PrintJob, printer: string | null, reason: string): void {
  unprinted.value = [...unprinted.value, { id: nextId++, job: next, printer, reason }]
}

export function usePrint() {
  const preferences = usePreferencesStore()

  function print(next: PrintJob): Promise<boolean> {
    const { paper, printer } = preferences.preferences
    // Never a rejection: a document that could not even be laid out (its code did not load) is kept like any other.
    const run = queue
      .then(() => printNow(next, { paper, printer }))
      .catch((err: unknown) => {
        keep(next, printer, err instanceof Error ? err.message : String(err))
        return false
      })
    queue = run
    return run
  }

  /** Prints a kept document again (on the station's printer and paper as they are now); kept again if it fails again. */
  function printAgain(id: number): Promise<boolean> {
    const kept = unprinted.value.find((u) => u.id === id)
    if (!kept) return Promise.resolve(false)
    unprinted.value = unprinted.value.filter((u) => u.id !== id)
    return print({ ...kept.job, printedAt: new Date().toISOString() })
  }

  return {
    /** What is (or was last) laid out for the printer; it stays rendered, hidden on screen. */
    job: computed(() => job.value),
    views: computed(() => views.value),
    page: computed(() => page.value),
    /** The documents the printer did not take, oldest first. */
    unprinted: computed(() => unprinted.value),
    /** Whether this page prints without a dialog (the desktop app) or through the browser's. */
    printsSilently: () => device.bridge() !== undefined,
    /** The printers of this computer (the desktop app); none in the browser, whose dialog chooses. */
    printers: async (): Promise<PrinterInfo[]> => (await device.bridge()?.printers()) ?? [],
    printSlip: (booking: LocalBooking) => print({ kind: 'slip', booking, printedAt: new Date().toISOString() }),
    printManifest: (bookings: LocalBooking[]) => print({ kind: 'manifest', bookings: [...bookings], printedAt: new Date().toISOString() }),
    /** New booking's save: the slip prints at once when the station asks for it. */
    printSlipIfAsked: (booking: LocalBooking) =>
      preferences.preferences.printSlipOnSave
        ? print({ kind: 'slip', booking, printedAt: new Date().toISOString() })
        : Promise.resolve(false),
    printAgain,
    /** Sets a kept document aside for good (the clerk printed it otherwise, or no longer needs it). */
    setAside: (id: number) => void (unprinted.value = unprinted.value.filter((u) => u.id !== id)),
  }
}
