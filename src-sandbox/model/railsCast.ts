import { validationText as t } from './validationText'

/**
 * How the service's forms read a JSON value into a column, Rails style:
 * booleans from `true/"1"/"t"/"on"`…, text trimmed with `""` as null, ids as
 * numbers or strings of digits. Shared by every area's form reader.
 */
export const trueValues: ReadonlySet<unknown> = new Set<unknown>([true, 1, '1', 'true', 't', 'on'])
export const falseValues: ReadonlySet<unknown> = new Set<unknown>([false, 0, '0', 'false', 'f', 'off'])

/** Trimmed text; `""` and null are null; undefined when the value is not text at all (an object, a boolean). */
export function castText(raw: unknown): string | null | undefined {
  if (raw === null) return null
  if (typeof raw === 'number') return String(raw)
  if (typeof raw !== 'string') return undefined
  const trimmed = raw.trim()
  return trimmed === '' ? null : trimmed
}

/** 1 or 0, or undefined when the value is neither true nor false in Rails' eyes. */
export function castBoolean(raw: unknown): 0 | 1 | undefined {
  if (trueValues.has(raw)) return 1
  if (falseValues.has(raw)) return 0
  return undefined
}

/** An id sent as a number or a string of digits; '' and null are "none". */
export function readId(raw: unknown): { ok: true; value: number | null } | { ok: false; message: string } {
  if (raw === null || raw === '') return { ok: true, value: null }
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined
  if (s === undefined || !/^[+-]?\d+(\.\d+)?$/.test(s)) return { ok: false, message: t.notANumber }
  if (!/^\d+$/.test(s)) return { ok: false, message: t.notAnInteger }
  const n = Number(s)
  return Number.isSafeInteger(n) && n > 0 ? { ok: true, value: n } : { ok: false, message: t.greaterThan(0) }
}

/**
 * A calendar date `YYYY-MM-DD` (a full ISO timestamp is cut to its date, as
 * Rails' date cast does); null for blank; undefined when it is not a date.
 */
export function castDate(raw: unknown): string | null | undefined {
  const text = castText(raw)
  if (text === null) return null
  if (text === undefined) return undefined
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text)
  if (!m) return undefined
  const [, y, mo, d] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  // Date.UTC rolls 2025-02-30 over to March; a real date maps back to itself.
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return undefined
  return `${y}-${mo}-${d}`
}
