// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { PrintOutcome, PrintRequest, PrinterBridge } from '@shared/printing'
import { localBooking } from '../../../support/localBooking'

vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

// Issue 33, item 4: a print that fails says so and keeps the document; nothing printed is lost. The printer is a
// stand-in (the desktop app's bridge, or the browser's dialog); the print host is reduced to what it hands over.

type UsePrintModule = typeof import('@renderer/composables/usePrint')

/** A printer that answers each print with the next of these outcomes, and records what it was asked. */
function fakePrinter(...answers: PrintOutcome[]) {
  const asked: PrintRequest[] = []
  const bridge: PrinterBridge = {
    printers: async () => [{ name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20' }],
    print: async (request) => {
      asked.push(request)
      return answers.shift() ?? { ok: true }
    },
  }
  return { bridge, asked }
}

let print: UsePrintModule
const drawn = defineComponent({ render: () => null })

beforeEach(async () => {
  // usePrint keeps one job and one list of kept documents for the window: each test starts with a fresh window's.
  vi.resetModules()
  setActivePinia(createPinia())
  print = await import('@renderer/composables/usePrint')
  print.drawPrintsWith(
    async () => ({ slip: drawn, manifest: drawn }),
    () => 131.4,
  )
})

async function station(settings: { paper?: 'a4' | 'receipt80' | 'receipt58'; printer?: string | null; printSlipOnSave?: boolean }) {
  const { usePreferencesStore } = await import('@renderer/stores/preferences')
  const preferences = usePreferencesStore()
  preferences.preferences = { ...preferences.preferences, ...settings }
}

describe('printing in the desktop app', () => {
  it('prints to the station’s printer on its roll; a failed print is kept and prints again when asked', async () => {
    await station({ paper: 'receipt58', printer: 'EPSON_TM_T20' })
    const { bridge, asked } = fakePrinter({ ok: false, reason: 'Printer is offline' }, { ok: true })
    const dialog = vi.fn()
    print.printWith({ bridge: () => bridge, dialog })
    const p = print.usePrint()
    const booking = localBooking('b1', { serviceId: 16421816 })

    expect(await p.printSlip(booking)).toBe(false)
    expect(asked).toEqual([{ paper: 'receipt58', deviceName: 'EPSON_TM_T20', documentHeightMm: 131.4 }])
    // Said, with the printer's words, and kept: the same booking's slip, ready to print again.
    expect(p.unprinted.value).toHaveLength(1)
    const [kept] = p.unprinted.value
    expect(kept).toMatchObject({ printer: 'EPSON_TM_T20', reason: 'Printer is offline', job: { kind: 'slip', booking } })

    expect(await p.printAgain(kept!.id)).toBe(true)
    expect(asked).toHaveLength(2)
    expect(asked[1]).toMatchObject({ paper: 'receipt58', deviceName: 'EPSON_TM_T20' })
    expect(p.job.value).toMatchObject({ kind: 'slip', booking })
    expect(p.unprinted.value).toEqual([])
    // Never the browser's dialog in the desktop app.
    expect(dialog).not.toHaveBeenCalled()
  })

  it('keeps a document that failed twice, and sets it aside only when the clerk says so', async () => {
    await station({ paper: 'a4', printer: null })
    const { bridge, asked } = fakePrinter({ ok: false, reason: 'failed' }, { ok: false, reason: 'failed' })
    print.printWith({ bridge: () => bridge, dialog: vi.fn() })
    const p = print.usePrint()
    const bookings = [localBooking('b1'), localBooking('b2')]

    await p.printManifest(bookings)
    // A sheet at its named size, to the system's default printer.
    expect(asked[0]).toMatchObject({ paper: 'a4', deviceName: '' })
    await p.printAgain(p.unprinted.value[0]!.id)
    expect(p.unprinted.value).toHaveLength(1)
    expect(p.unprinted.value[0]!.job).toMatchObject({ kind: 'manifest', bookings })
    p.setAside(p.unprinted.value[0]!.id)
    expect(p.unprinted.value).toEqual([])
  })

  it('prints one document at a time: a second print waits for the first to be taken', async () => {
    await station({ paper: 'receipt80' })
    let release: (o: PrintOutcome) => void = () => undefined
    const order: string[] = []
    const bridge: PrinterBridge = {
      printers: async () => [],
      print: () => {
        order.push(p.job.value?.kind === 'slip' ? p.job.value.booking.localId : 'manifest')
        return new Promise((resolve) => (release = resolve))
      },
    }
    print.printWith({ bridge: () => bridge, dialog: vi.fn() })
    const p = print.usePrint()
    const first = p.printSlip(localBooking('first'))
    const second = p.printSlip(localBooking('second'))
    await vi.waitFor(() => expect(order).toEqual(['first']))
    release({ ok: true })
    await first
    await vi.waitFor(() => expect(order).toEqual(['first', 'second']))
    release({ ok: true })
    expect(await second).toBe(true)
  })

  it('prints the slip on save only when the station asks for it', async () => {
    const { bridge, asked } = fakePrinter()
    print.printWith({ bridge: () => bridge, dialog: vi.fn() })
    const p = print.usePrint()
    await station({ printSlipOnSave: false })
    expect(await p.printSlipIfAsked(localBooking('b1'))).toBe(false)
    expect(asked).toEqual([])
    await station({ printSlipOnSave: true })
    expect(await p.printSlipIfAsked(localBooking('b1'))).toBe(true)
    expect(asked).toHaveLength(1)
  })
})

describe('printing in the browser host', () => {
  it('opens the browser’s print dialog with the document laid out, and lists no printers', async () => {
    await station({ paper: 'receipt80', printer: 'EPSON_TM_T20' })
    const dialog = vi.fn()
    print.printWith({ bridge: () => undefined, dialog })
    const p = print.usePrint()
    const booking = localBooking('b1')
    expect(await p.printSlip(booking)).toBe(true)
    expect(dialog).toHaveBeenCalledTimes(1)
    expect(p.job.value).toMatchObject({ kind: 'slip', booking })
    // The roll's page is as long as the document, for the @page rule.
    expect(p.page.value).toEqual({ paper: 'receipt80', heightMm: 131.4 })
    expect(p.printsSilently()).toBe(false)
    expect(await p.printers()).toEqual([])
  })
})

describe('a document that reads its pictures before it prints', () => {
  it('goes to paper once they are read, and without one that is never read, after the wait', async () => {
    await station({ paper: 'a4', printer: 'EPSON_TM_T20' })
    const { bridge, asked } = fakePrinter()
    print.printWith({ bridge: () => bridge, dialog: vi.fn() })
    const p = print.usePrint()
    vi.useFakeTimers()
    try {
      let read!: () => void
      print.printWaitsFor(new Promise<void>((resolve) => (read = resolve)))
      const first = p.printSlip(localBooking('b1'))
      await vi.advanceTimersByTimeAsync(100)
      expect(asked).toHaveLength(0)
      read()
      expect(await first).toBe(true)
      expect(asked).toHaveLength(1)

      print.printWaitsFor(new Promise(() => undefined))
      const second = p.printSlip(localBooking('b2'))
      await vi.advanceTimersByTimeAsync(print.PRINT_READ_WAIT_MS - 100)
      expect(asked).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(200)
      expect(await second).toBe(true)
      expect(asked).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
