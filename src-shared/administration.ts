import { z } from 'zod'
import { language } from './domain'
import { serviceText } from './patternSchemas'
import { signedDecimalPattern } from './patterns'

/**
 * Administration and apps as the app uses them, after normalisation in
 * core/api: profile changes, piecework type groups, document structures and
 * dynamic tables with their rows.
 */

const optionalText = (max: number) =>
  serviceText(z.string().trim(), max)
    .nullable()
    .optional()
    .transform((s) => (s === '' ? null : s))

export const profileChanges = z
  .object({
    name: serviceText(z.string().trim().min(1), 255),
    mobilePhone: optionalText(40),
    language,
    timeZone: z.string().trim().min(1).max(100),
  })
  .partial()
export type ProfileChanges = z.infer<typeof profileChanges>

export const pieceworkTypeGroup = z.object({
  id: z.number().int(),
  zid: z.number().int().nullable(),
  name: z.string(),
  idNumber: z.string().nullable(),
  description: z.string().nullable(),
  entityId: z.number().int(),
  creatorId: z.number().int().nullable(),
  updaterId: z.number().int().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type PieceworkTypeGroup = z.infer<typeof pieceworkTypeGroup>

export const pieceworkTypeGroupInput = z.object({
  name: serviceText(z.string().trim().min(1), 120),
  idNumber: optionalText(60),
  description: optionalText(5000),
})
export type PieceworkTypeGroupInput = z.input<typeof pieceworkTypeGroupInput>

export const documentTypes = ['contract', 'purchase_order', 'invoice', 'shipment', 'entry', 'case'] as const
export const documentType = z.enum(documentTypes)
export type DocumentType = z.infer<typeof documentType>

export const documentField = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean()]).nullable(),
})
export const documentStructure = z.object({ type: documentType, fields: z.array(documentField) })
export type DocumentStructure = z.infer<typeof documentStructure>

export const columnTypes = ['text', 'number'] as const
export const columnType = z.enum(columnTypes)
export const tableColumn = z.object({ name: serviceText(z.string().trim().min(1), 60), type: columnType })
export type TableColumn = z.infer<typeof tableColumn>

export const dynamicTable = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(tableColumn),
  rowsCount: z.number().int().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type DynamicTable = z.infer<typeof dynamicTable>

export const newDynamicTable = z.object({
  name: serviceText(z.string().trim().min(1), 100),
  columns: z
    .array(tableColumn)
    .min(1)
    .refine((cs) => new Set(cs.map((c) => c.name.toLowerCase())).size === cs.length, { message: 'column names must differ' }),
})
export type NewDynamicTable = z.input<typeof newDynamicTable>

/**
 * A cell: text for text columns, a number for number columns, null when
 * empty; rows written by other apps may also hold booleans (or text in a
 * number column).
 */
export const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type CellValue = z.infer<typeof cellValue>
export const rowData = z.record(z.string(), cellValue)
export type RowData = z.infer<typeof rowData>

export const tableRow = z.object({ id: z.number().int(), data: rowData })
export type TableRow = z.infer<typeof tableRow>

/** A number as a clerk types it into a number column: digits, an optional sign and a decimal point. */
export const decimalInput = signedDecimalPattern

export const graphqlTokenValidity = z.object({
  /** When the JWT the main process holds expires (ISO 8601); never the token itself. */
  expiresAt: z.string(),
})
