import Decimal from 'decimal.js'
import type { Currency } from '@shared/purchasing'
import { useEntityLocale } from './useEntityLocale'

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
 * An amount in the entity's conventions: Q2,483.04 in Guatemala. A leading
 * symbol of the country's own (Q, $) is written against the digits as shops
 * there write it; an ISO code (USD) keeps its space.
 */
export function formatMoney(locale: string, amount: string | Decimal, code: string): string {
  const exact = (amount instanceof Decimal ? amount : new Decimal(amount)).toFixed(2)
  const formatter = formatterFor(locale, code)
  // Intl formats the decimal string itself (ES2023 string operands), so no binary float ever holds a sum.
  const parts = formatter.formatToParts(exact as unknown as number)
  if (formatter.resolvedOptions().style !== 'currency') return `${code} ${parts.map((p) => p.value).join('')}`
  const symbolAt = parts.findIndex((p) => p.type === 'currency')
  const symbol = parts[symbolAt]?.value ?? ''
  const leadingOwnSymbol = symbolAt >= 0 && symbolAt < parts.findIndex((p) => p.type === 'integer') && !/^[A-Z]{3}$/.test(symbol)
  return parts
    .filter((p, i) => !(leadingOwnSymbol && i === symbolAt + 1 && p.type === 'literal' && /^\s+$/.test(p.value)))
    .map((p) => p.value)
    .join('')
}

/**
 * Money with its currency in the entity's country's conventions, whatever the
 * UI language. Amounts stay decimal strings; sums are Decimal.
 */
export function useMoney() {
  const locales = useEntityLocale()

  function money(amount: string | Decimal | null, currency: Pick<Currency, 'code'> | null): string {
    if (amount === null) return ''
    if (!currency) return (amount instanceof Decimal ? amount : new Decimal(amount)).toFixed(2)
    return formatMoney(locales.value.numbers, amount, currency.code)
  }

  /** Sums per currency, in first-seen order: orders in quetzales and dollars are never added together. */
  function totalsByCurrency<T>(
    rows: readonly T[],
    amount: (row: T) => string | null,
    currency: (row: T) => Currency | null,
  ): { currency: Currency | null; total: Decimal }[] {
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
