import { useI18n } from 'vue-i18n'

// Building an Intl formatter costs far more than using one, and a scrolling list formats hundreds of cells.
const formatters = new Map<string, Intl.NumberFormat>()
function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale)
  if (!formatter) formatters.set(locale, (formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })))
  return formatter
}

/** Stock and counts in the reader's language (1.234,5 or 1,234.5). */
export function useNumberFormat() {
  const { locale } = useI18n()

  function quantity(value: number | string | null): string {
    if (value === null || value === '') return ''
    const n = typeof value === 'number' ? value : Number(value)
    // A quantity the app cannot read as a number is shown as the service wrote it.
    if (!Number.isFinite(n)) return String(value)
    return formatterFor(locale.value).format(n)
  }

  return { quantity }
}
