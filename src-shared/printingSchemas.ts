import { z } from 'zod'
import { papers, type PrintRequest } from './printing'

/** The schemas of printing.ts's shapes, for the borders that check them (the preferences, the printer IPC). */

export const paper = z.enum(papers)

/** The page sends this with a print; the main process takes nothing else. A document is at most a few metres of roll. */
export const printRequest = z.strictObject({
  paper,
  deviceName: z.string().max(300),
  documentHeightMm: z.number().positive().max(10_000),
}) satisfies z.ZodType<PrintRequest>
