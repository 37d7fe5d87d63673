import { computed, onMounted, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { formatDistanceToNowStrict } from 'date-fns'
import { enUS, es } from 'date-fns/locale'
import { request } from '../api'
import { useNow } from './useNow'

/**
 * How long GraphQL access lasts, in words ("5 días"). The main process holds
 * and renews the token and tells only its expiry; the renderer never sees it.
 */
export function useTokenValidity() {
  const { locale } = useI18n()
  const expiresAt = ref<string | null>(null)
  const failed = ref(false)
  // Ticks so "4 días" becomes "3 días" on a screen left open.
  const now = useNow(30_000)

  async function refresh(): Promise<void> {
    try {
      expiresAt.value = (await request('graphql.tokenValidity')).expiresAt
      failed.value = false
    } catch {
      failed.value = true
    }
  }

  const remaining = computed(() => {
    void now.value
    if (!expiresAt.value) return null
    const at = new Date(expiresAt.value)
    if (Number.isNaN(at.getTime())) return null
    return formatDistanceToNowStrict(at, { locale: locale.value === 'en' ? enUS : es })
  })

  onMounted(() => void refresh())

  return { remaining, failed, refresh }
}
