import { createI18n } from 'vue-i18n'
import type { Language } from '@shared/domain'
import es, { type Messages } from './es'
import en from './en'

export { toAppLanguage } from './language'

export const i18n = createI18n<[Messages], Language, false>({
  legacy: false,
  locale: 'es',
  fallbackLocale: 'es',
  messages: { es, en },
})
