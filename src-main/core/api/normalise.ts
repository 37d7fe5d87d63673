import { z } from 'zod'
import { isoDatePattern, signedDecimalPattern } from '@shared/patterns'

/**
 * Per-field normalisation of service responses (DESIGN.md): ids, foreign keys
 * and counts become numbers; codes, id_number, reference, tin, invoice and money
 * stay strings; zone-less timestamps are UTC and become ISO 8601; absent is null.
 * The service gives the same field as a number in one response and as a string
 * in another, so each helper accepts both.
 */

const digits = /^-?\d+$/

/** An id or count: a JSON number or a string of digits. */
export const id = z.union([z.number().int(), z.string().regex(digits).transform(Number)])
export const nullableId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable())
export const count = id

/** A string the service may send as a number (codes, id_number, reference). Never parsed. */
export const text = z.union([z.string(), z.number().transform(String)])
export const nullableText = z.preprocess((v) => (v === undefined ? null : v), text.nullable())

/** Money: a decimal string, kept as written (computed with decimal.js, never floats). */
export const money = z.union([z.string().regex(signedDecimalPattern), z.number().transform((n) => String(n))])
export const nullableMoney = z.preprocess((v) => (v === undefined || v === '' ? null : v), money.nullable())

/** A number the service may quote: fractions such as vat, weights. */
export const decimalNumber = z.union([z.number(), z.string().regex(signedDecimalPattern).transform(Number)])
export const nullableNumber = z.preprocess((v) => (v === undefined || v === '' ? null : v), decimalNumber.nullable())

export const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 't', 'f']).transform((s) => s === 'true' || s === '1' || s === 't'),
])
export const nullableBool = z.preprocess((v) => (v === undefined ? null : v), bool.nullable())

const zoneless = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/

/** Reads a service timestamp; one without a zone is UTC. Returns ISO 8601 with Z. */
export function toIsoTimestamp(value: string): string | null {
  const m = zoneless.exec(value.trim())
  const candidate = m ? `${m[1]}T${m[2]}${(m[3] ?? '').slice(0, 4)}Z` : value.trim()
  const date = new Date(candidate)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export const timestamp = z.string().transform((s, ctx) => {
  const iso = toIsoTimestamp(s)
  if (iso === null) {
    ctx.addIssue({ code: 'custom', message: `not a timestamp: ${s.slice(0, 40)}` })
    return z.NEVER
  }
  return iso
})
export const nullableTimestamp = z.preprocess((v) => (v === undefined || v === '' ? null : v), timestamp.nullable())

/** A calendar date, YYYY-MM-DD, kept as written (it has no zone of its own). */
export const date = z.string().regex(isoDatePattern)
export const nullableDate = z.preprocess((v) => (v === undefined || v === '' ? null : v), date.nullable())

/** Absent fields read as null rather than failing. */
export function optionalNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined ? null : v), schema.nullable())
}
