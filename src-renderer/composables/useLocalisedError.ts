import { useI18n } from 'vue-i18n'
import { AppError, errorMessages } from '@shared/errors'
import type { Language } from '@shared/domain'

/** Error texts in the language the user reads now, from the error's code, never its English message. */
export function useLocalisedError() {
  const { locale } = useI18n()

  function lang(): Language {
    return locale.value === 'en' ? 'en' : 'es'
  }

  function message(err: AppError): string {
    return errorMessages[err.code][lang()]
  }

  /** The message as a clause inside a sentence of ours: without its closing full stop. */
  function reason(err: AppError): string {
    return message(err).replace(/\.$/, '')
  }

  /** What the service said about one field, if it said anything. */
  function fieldMessages(err: AppError | null, field: string): string | null {
    const said = err?.fields[field]
    return said && said.length > 0 ? said.join(' ') : null
  }

  return { message, reason, fieldMessages }
}
