import Decimal from 'decimal.js'

/**
 * Decimal quantities as the service's decimal columns give them: Ruby's
 * BigDecimal#to_s in JSON, so "2.0", "1.5", "0.25" — never a float, never
 * an exponent, at least one digit after the point.
 */
export function railsDecimalString(value: Decimal): string {
  const plain = value.toFixed()
  return plain.includes('.') ? plain : `${plain}.0`
}

const decimalText = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

export type DecimalParse = { ok: true; value: Decimal } | { ok: false; reason: 'blank' | 'not_a_number' }

/** Reads a quantity sent as a string (as the spec says) or a JSON number. */
export function parseDecimal(raw: unknown): DecimalParse {
  if (raw === undefined || raw === null) return { ok: false, reason: 'blank' }
  if (typeof raw === 'number') return Number.isFinite(raw) ? { ok: true, value: new Decimal(raw) } : { ok: false, reason: 'not_a_number' }
  if (typeof raw !== 'string') return { ok: false, reason: 'not_a_number' }
  const text = raw.trim()
  if (text === '') return { ok: false, reason: 'blank' }
  // A decimal comma is what a Spanish-speaking clerk types; the service's forms accept only the point.
  if (!decimalText.test(text)) return { ok: false, reason: 'not_a_number' }
  return { ok: true, value: new Decimal(text) }
}
