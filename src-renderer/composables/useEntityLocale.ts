import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { useWhoAmIStore } from '../stores/whoami'
import { useEntityCurrencyStore } from '../stores/entityCurrency'
import { entityLocales, type EntityLocales } from './entityLocale'

/**
 * The Intl locales of the entity being worked in, following the UI language and the profile as they
 * change, and the country the entity's currency names once it has been read (the shell reads it into
 * stores/entityCurrency.ts once whoami names the entity; before that, the profile's time zone decides).
 */
export function useEntityLocale(): ComputedRef<EntityLocales> {
  const { locale } = useI18n()
  const whoami = useWhoAmIStore()
  const entityCurrency = useEntityCurrencyStore()
  return computed(() => entityLocales(locale.value === 'en' ? 'en' : 'es', whoami.data?.profile.timeZone, entityCurrency.currency))
}
