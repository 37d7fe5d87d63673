import { useEntityLocale } from './useEntityLocale'

// Building an Intl formatter costs far more than using one, and a scrolling list formats hundreds of cells.
const formatters = new Map<string, Intl.NumberFormat>()
function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale)
  if (!formatter) formatters.set(locale, (formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })))
  return formatter
}

/** A quantity as the entity's country writes it (1,234.5 in Guatemala), or as the service wrote it when it is no number. */
export function formatQuantity(locale: string, value: number | string | null): string {
  if (value === null || value === '') return ''
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return String(value)
  return formatterFor(locale).format(n)
}

/** Stock and counts in the entity's country's conventions, whatever the UI language. */
export function useNumberFormat() {
  const locales = useEntityLocale()
  return { quantity: (value: number | string | null): string => formatQuantity(locales.value.numbers, value) }
}
