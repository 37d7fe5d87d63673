import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { EntityCurrency } from '@shared/purchasing'

/**
 * The entity's currency, once a money screen has read it (purchasing's context
 * brings it): its country decides how numbers, money and dates are written
 * (useEntityLocale). A store of its own so the shell's formatters, on every
 * first screen, need not load purchasing's store and its forms.
 */
export const useEntityCurrencyStore = defineStore('entityCurrency', () => {
  const currency = ref<EntityCurrency | null>(null)
  return { currency }
})
