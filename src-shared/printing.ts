import { z } from 'zod'

/**
 * The paper a station prints on (issue 33): a sheet, or a thermal receipt roll. A roll's documents are laid
 * out for its printable width (not the A4 page shrunk), and its page is as long as the document.
 */
export const paper = z.enum(['a4', 'letter', 'receipt80', 'receipt58'])
export type Paper = z.infer<typeof paper>

/** A roll's width and the part of it the print head reaches, in millimetres (the common 80 and 58 mm heads). */
export const receiptRolls = {
  receipt80: { widthMm: 80, printableMm: 72 },
  receipt58: { widthMm: 58, printableMm: 48 },
} as const satisfies Partial<Record<Paper, { widthMm: number; printableMm: number }>>

export function isReceiptRoll(p: Paper): p is keyof typeof receiptRolls {
  return p in receiptRolls
}
