import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ConnectionLink } from '@shared/domain'
import { useConnectionStore } from '../stores/connection'
import { useFormatters } from './useFormatters'

/**
 * The line to the service in the one wording each state has wherever it is named (the status bar,
 * the connection banner, the Sync centre): the state's name, and since when it is so while it is bad
 * ("Sin conexión desde 10:35"). Null before the first word from the core: nothing is said rather than "offline".
 */
export function useConnectionWords() {
  const connection = useConnectionStore()
  const { t } = useI18n()
  const { time } = useFormatters()

  const link = computed<ConnectionLink | null>(() => connection.state?.link ?? null)
  const name = computed(() => (link.value ? t(`status.${link.value}`) : ''))
  const label = computed(() => {
    if (!link.value || link.value === 'online') return name.value
    const since = time(connection.state?.since ?? null)
    return since ? t('status.since', { state: name.value, time: since }) : name.value
  })
  // The same words closing a sentence: a 12-hour time already ends in a period ("a. m."), never two.
  const sentence = computed(() => (label.value.endsWith('.') ? label.value : `${label.value}.`))
  return { link, name, label, sentence }
}
