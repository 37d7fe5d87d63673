import type { WebContentsPrintOptions } from 'electron'
import { printerChannels, type PrintOutcome, type PrinterInfo } from '@shared/printing'
import { printRequest } from '@shared/printingSchemas'
import { printOptions } from './printOptions'
import type { SenderCheck, SenderEvent } from './senderCheck'

/** The parts of the sender's WebContents a print uses: it prints itself, the print container alone on paper. */
export interface PrintingContents {
  getPrintersAsync(): Promise<readonly PrinterInfo[]>
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void
}
export type PrinterIpcEvent = SenderEvent & { readonly sender: PrintingContents }

/** The part of ipcMain the printer IPC uses. */
export interface PrinterIpcMain {
  handle(channel: string, listener: (event: PrinterIpcEvent, payload?: unknown) => Promise<unknown>): void
  removeHandler(channel: string): void
}

/**
 * The desktop app's printing (issue 33): the page asks for the printers and prints its own document without a
 * dialog. Only our page's main frame is heard (the same check as the contract's requests); a print names only
 * its paper, printer and height, checked here, and prints nothing but the asking page. Returns the remover.
 */
export function registerPrinterIpc(ipc: PrinterIpcMain, isTrustedSender: SenderCheck): () => void {
  ipc.handle(printerChannels.printers, async (event): Promise<PrinterInfo[]> => {
    if (!isTrustedSender(event)) return []
    const printers = await event.sender.getPrintersAsync()
    return printers.map((p) => ({ name: p.name, displayName: p.displayName || p.name }))
  })
  ipc.handle(printerChannels.print, async (event, payload): Promise<PrintOutcome> => {
    if (!isTrustedSender(event)) return { ok: false, reason: 'forbidden: an untrusted frame asked to print' }
    const request = printRequest.safeParse(payload)
    if (!request.success) return { ok: false, reason: 'bad_input: not a print request' }
    return new Promise<PrintOutcome>((resolve) => {
      try {
        event.sender.print(printOptions(request.data), (success, failureReason) =>
          resolve(success ? { ok: true } : { ok: false, reason: failureReason || 'failed' }),
        )
      } catch (err) {
        // A page closing mid-print, or options the printer's driver refuses at once.
        resolve({ ok: false, reason: err instanceof Error ? err.message : String(err) })
      }
    })
  })
  return () => {
    ipc.removeHandler(printerChannels.printers)
    ipc.removeHandler(printerChannels.print)
  }
}
