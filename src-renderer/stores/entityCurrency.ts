import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { request } from '../api'
import type { EntityCurrency } from '@shared/purchasing'
import { createLoader } from './loader'

/**
 * The entity's currency: its country decides how numbers, money and dates are written (useEntityLocale).
 * The shell reads it once whoami names the entity, and again on a switch; purchasing asks again only when
 * that read failed, the company screen when the clerk reloads it. Until it arrives (or when it cannot be read)
 * the profile's time zone decides; a failed read is kept, so the company screen says so rather than "—".
 */
export const useEntityCurrencyStore = defineStore('entityCurrency', () => {
  const currency = ref<EntityCurrency | null>(null)
  // A late answer for the entity left behind is dropped (the loader keeps the newest read only).
  const loader = createLoader(
    () => request('company.currency'),
    (read) => (currency.value = read),
  )
  async function load(): Promise<void> {
    const applied = await loader.load()
    // The currency read before may be the company left behind's: a failed read leaves none.
    if (!applied && loader.error && !loader.loading) currency.value = null
  }
  const error = computed(() => loader.error)
  const loading = computed(() => loader.loading)
  return { currency, error, loading, load }
})
