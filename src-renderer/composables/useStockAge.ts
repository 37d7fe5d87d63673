import { computed, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { CatalogueStatus } from '@shared/catalogue'
import { useNow } from './useNow'

/** How often the age is read again: "hace 12 min" may be a minute behind, never more. */
const TICK_MS = 30_000
const MINUTE = 60_000

/** "hace 12 min", "hace 3 h", "hace 2 días": short enough for the status bar, in the language on screen; null under a minute. */
export function agoWords(locale: string, ms: number): string | null {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' })
  const minutes = Math.floor(ms / MINUTE)
  if (minutes < 1) return null
  if (minutes < 60) return words.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  return hours < 48 ? words.format(-hours, 'hour') : words.format(-Math.floor(hours / 24), 'day')
}

/**
 * How old the stock figures on screen are (the catalogue's last pull), in words that follow the clock, and
 * whether they are past the freshness limit, so a screen left open marks them old once they become so.
 */
export function useStockAge(status: Ref<CatalogueStatus | null>) {
  const { t, locale } = useI18n()
  const now = useNow(TICK_MS)

  return computed(() => {
    const s = status.value
    const pulledAt = s?.pulledAt
    const at = pulledAt ? Date.parse(pulledAt) : Number.NaN
    if (!s || !pulledAt || Number.isNaN(at)) return null
    // `now` is read every TICK_MS: a pull since the last reading is up to that much in its future.
    const age = Math.max(0, now.value - at)
    // Later than that: the clock was set back since the pull, by how much nothing measured (the core tells the pull's
    // time on the clock as it is now when it can): of no known age, so marked as old, never as "just now".
    if (now.value - at < -(TICK_MS + MINUTE)) return { at: pulledAt, ago: null, words: t('status.stockAgeUnknown'), old: true }
    const ago = agoWords(locale.value, age)
    return { at: pulledAt, ago, words: ago ? t('status.stockAge', { ago }) : t('status.stockAgeNow'), old: age > s.staleAfterMs }
  })
}
