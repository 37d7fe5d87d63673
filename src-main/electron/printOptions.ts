import type { WebContentsPrintOptions } from 'electron'
import { isReceiptRoll, receiptRolls, rollPageMm, type Paper } from '@shared/printing'

const micronsPerMm = 1000

/**
 * `webContents.print` for a station's printer and paper, without a dialog. A sheet prints at its named size
 * with the printer's margins; a roll prints at its width, edge to edge (the template keeps to the printable
 * width), on a page as long as the document measured in the page, so the printer cuts after it.
 */
export function printOptions(p: { paper: Paper; deviceName: string; documentHeightMm: number }): WebContentsPrintOptions {
  // No name: the system's default printer. An empty name is left out, not handed to Electron to look up.
  const common = { silent: true, printBackground: true, ...(p.deviceName ? { deviceName: p.deviceName } : {}) }
  if (!isReceiptRoll(p.paper)) return { ...common, pageSize: p.paper === 'a4' ? 'A4' : 'Letter', margins: { marginType: 'default' } }
  const height = rollPageMm(p.documentHeightMm)
  return {
    ...common,
    pageSize: { width: receiptRolls[p.paper].widthMm * micronsPerMm, height: height * micronsPerMm },
    margins: { marginType: 'none' },
  }
}
