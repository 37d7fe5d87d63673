import Decimal from 'decimal.js'
import { useI18n } from 'vue-i18n'
import type { Currency } from '@shared/purchasing'

const formatters = new Map<string, Intl.NumberFormat>()
function formatterFor(locale: string, code: string): Intl.NumberFormat {
  const key = `${locale}|${code}`
  let f = formatters.get(key)
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'symbol' })
    } catch {
      // A code Intl does not know: plain two decimals, the code written beside them.
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    }
    formatters.set(key, f)
  }
  return f
}

/**
 * Money in the reader's language with its currency: Q 1,234.50 or 1.234,50 Q.
 * Amounts stay decimal strings; sums are Decimal. Intl formats the decimal
 * string itself (ES2023 string operands), so no binary float ever holds a sum.
 */
export function useMoney() {
  const { locale } = useI18n()

  function money(amount: string | Decimal | null, currency: Pick<Currency, 'code'> | null): string {
    if (amount === null) return ''
    const exact = (amount instanceof Decimal ? amount : new Decimal(amount)).toFixed(2)
    if (!currency) return exact
    const formatter = formatterFor(locale.value, currency.code)
    const text = formatter.format(exact as unknown as number)
    return formatter.resolvedOptions().style === 'currency' ? text : `${currency.code} ${text}`
  }

  /** Sums per currency, in first-seen order: orders in quetzales and dollars are never added together. */
  function totalsByCurrency<T>(rows: readonly T[], amount: (row: T) => string | null, currency: (row: T) => Currency | null): { currency: Currency | null; total: Decimal }[] {
    const sums = new Map<string, { currency: Currency | null; total: Decimal }>()
    for (const row of rows) {
      const c = currency(row)
      const key = c?.code ?? ''
      const entry = sums.get(key) ?? { currency: c, total: new Decimal(0) }
      entry.total = entry.total.plus(amount(row) ?? 0)
      sums.set(key, entry)
    }
    return [...sums.values()]
  }

  return { money, totalsByCurrency }
}
