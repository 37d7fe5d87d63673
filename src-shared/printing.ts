/**
 * The paper a station prints on (issue 33): a sheet, or a thermal receipt roll. A roll's documents are laid
 * out for its printable width (not the A4 page shrunk), and its page is as long as the document. No schema
 * here (theirs are in printingSchemas.ts): the shell prints, and its first screen loads no zod.
 */
export const papers = ['a4', 'letter', 'receipt80', 'receipt58'] as const
export type Paper = (typeof papers)[number]

/** A roll's width and the part of it the print head reaches, in millimetres (the common 80 and 58 mm heads). */
export const receiptRolls = {
  receipt80: { widthMm: 80, printableMm: 72 },
  receipt58: { widthMm: 58, printableMm: 48 },
} as const satisfies Partial<Record<Paper, { widthMm: number; printableMm: number }>>

export function isReceiptRoll(p: Paper): p is keyof typeof receiptRolls {
  return p in receiptRolls
}

/** The shortest page a roll is cut at: a slip shorter than this still leaves room to tear it off. */
export const MIN_ROLL_PAGE_MM = 60

/** A roll's page for a document this tall, in whole millimetres: the template's @page and the print call agree on it. */
export function rollPageMm(documentHeightMm: number): number {
  return Math.ceil(Math.max(MIN_ROLL_PAGE_MM, documentHeightMm))
}

/** A printer as the Electron main process names it (webContents.getPrintersAsync): the system's name is what prints. */
export interface PrinterInfo {
  name: string
  displayName: string
}

/** One silent print of the page's own document: the station's paper and printer, and how tall the document is. */
export interface PrintRequest {
  paper: Paper
  /** The system's name of the printer; '' is the system's default printer. */
  deviceName: string
  documentHeightMm: number
}

/** What webContents.print's callback said: printed, or why not (Electron's words, kept for the log and the detail). */
export type PrintOutcome = { ok: true } | { ok: false; reason: string }

/**
 * What the Electron preload exposes beside the contract as `window.mostradorPrinter`: printing is the desktop
 * app's alone (the browser host prints through the browser's dialog), so it is not a request of the core.
 */
export interface PrinterBridge {
  printers(): Promise<PrinterInfo[]>
  print(request: PrintRequest): Promise<PrintOutcome>
}

/** The IPC channels of that bridge, named once for the preload and the main process. */
export const printerChannels = { printers: 'mostrador:printer:list', print: 'mostrador:printer:print' } as const
