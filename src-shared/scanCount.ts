/**
 * A scan with a count before or after the code: `5*CODE` and `CODE*5` mean
 * five of CODE, as at the counters of Odoo and Loyverse. A plain code is one.
 * The count is a positive decimal (a comma reads as the decimal point); a
 * star with no usable count around it leaves the whole text as the code.
 * With digits on both sides (7401234000021*4), the shorter side is the count.
 */
export interface ScanCount {
  code: string
  count: string
}

const countText = String.raw`(\d+(?:[.,]\d+)?)`
const before = new RegExp(String.raw`^${countText}\s*\*\s*(\S.*)$`)
const after = new RegExp(String.raw`^(.*\S)\s*\*\s*${countText}$`)

export function readScanCount(typed: string): ScanCount {
  const text = typed.trim()
  const zero = (count: string) => /^0+([.,]0+)?$/.test(count)
  const m = before.exec(text)
  const n = after.exec(text)
  const asBefore = m && !zero(m[1]!) ? { code: m[2]!.trim(), count: m[1]!.replace(',', '.') } : null
  const asAfter = n && !zero(n[2]!) ? { code: n[1]!.trim(), count: n[2]!.replace(',', '.') } : null
  // Digits on both sides (a barcode and a count): the count is the shorter; 5*5 reads count first.
  if (asBefore && asAfter) return asAfter.count.length < asBefore.count.length ? asAfter : asBefore
  return asBefore ?? asAfter ?? { code: text, count: '1' }
}
