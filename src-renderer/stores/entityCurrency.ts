import { defineStore } from 'pinia'
import { ref } from 'vue'
import { request } from '../api'
import type { EntityCurrency } from '@shared/purchasing'

/**
 * The entity's currency: its country decides how numbers, money and dates are written (useEntityLocale).
 * The shell reads it once whoami names the entity, and again on a switch; purchasing asks again only when
 * that read failed. Until it arrives (or when it cannot be read) the profile's time zone decides.
 */
export const useEntityCurrencyStore = defineStore('entityCurrency', () => {
  const currency = ref<EntityCurrency | null>(null)
  let asked = 0
  async function load(): Promise<void> {
    const mine = ++asked
    const read = await request('company.currency').catch(() => null)
    // A late answer for the entity left behind is dropped.
    if (mine === asked) currency.value = read
  }
  return { currency, load }
})
