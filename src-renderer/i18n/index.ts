import { createI18n } from 'vue-i18n'
import type { Language } from '@shared/domain'
import es, { type Messages } from './es'
import en from './en'
import { answerPlainMessages } from './plainMessages'

export { toAppLanguage } from './language'

const messages = { es, en }

export const i18n = createI18n<[Messages], Language, false>({
  legacy: false,
  locale: 'es',
  fallbackLocale: 'es',
  messages,
})
answerPlainMessages(i18n.global, messages)
