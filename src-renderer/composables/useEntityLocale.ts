import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { useWhoAmIStore } from '../stores/whoami'
import { entityLocales, type EntityLocales } from './entityLocale'

/** The Intl locales of the entity being worked in, following the UI language and the profile as they change. */
export function useEntityLocale(): ComputedRef<EntityLocales> {
  const { locale } = useI18n()
  const whoami = useWhoAmIStore()
  return computed(() => entityLocales(locale.value === 'en' ? 'en' : 'es', whoami.data?.profile.time_zone))
}
