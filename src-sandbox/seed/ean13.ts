/** GS1 check digit: weights 1 and 3 alternate from the left over the first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 body must be 12 digits, got "${first12}"`)
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])
}

/** Builds a barcode from a GS1 prefix, a company number and an item reference. */
export function makeEan13(prefix: string, company: string, itemRef: number): string {
  const refWidth = 12 - prefix.length - company.length
  const ref = String(itemRef)
  if (refWidth <= 0 || ref.length > refWidth)
    throw new Error(`item reference ${itemRef} does not fit an EAN-13 with prefix ${prefix}${company}`)
  const body = `${prefix}${company}${ref.padStart(refWidth, '0')}`
  return `${body}${ean13CheckDigit(body)}`
}
