import { useI18n } from 'vue-i18n'
import { AppError, errorMessages } from '@shared/errors'
import type { Language } from '@shared/domain'
import { serviceFieldMeaning, textLanguage } from './serviceFieldText'

/**
 * Error texts in the language the user reads now, from the error's code (and,
 * for a field the service refused, from what its message means), never from
 * the words of the service or the network. Those words stay available for the
 * "Detalles" expander (technicalDetail).
 */
export function useLocalisedError() {
  const { t, locale } = useI18n()

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

  /**
   * One validation message of the service as the clerk reads it: our sentence
   * when the app knows what it means; the service's own words when it does not
   * but they are in the clerk's language ("excede la existencia disponible");
   * otherwise that the service did not accept the value (its words under "Detalles").
   */
  function fieldText(serviceText: string): string {
    const meaning = serviceFieldMeaning(serviceText)
    if (meaning.kind === 'rejected' && textLanguage(serviceText) === lang()) return serviceText
    return t(`errors.field.${meaning.kind}`, { n: meaning.n ?? '' })
  }

  /** The service's words about the whole record, when the clerk can read them; null when only the code's sentence will do. */
  function recordText(serviceText: string): string | null {
    const meaning = serviceFieldMeaning(serviceText)
    if (meaning.kind !== 'rejected') return fieldText(serviceText)
    return textLanguage(serviceText) === lang() ? serviceText : null
  }

  /** What the service said about one field, if it said anything, in our words (its own under technicalDetail). */
  function fieldMessages(err: AppError | null, field: string): string | null {
    const said = err?.fields[field]
    if (!said || said.length === 0) return null
    return [...new Set(said.map(fieldText))].join(' ')
  }

  /** The technical words behind an error (the service's text, a network error), for "Detalles"; null when there are none. */
  function technicalDetail(err: AppError): string | null {
    const fieldTexts = Object.entries(err.fields).flatMap(([field, texts]) =>
      texts.map((text) => (field === 'base' || field === '_' ? text : `${field}: ${text}`)),
    )
    const parts = [err.detail, ...fieldTexts].filter((p): p is string => !!p && p.trim() !== '')
    const unique = [...new Set(parts)]
    return unique.length > 0 ? unique.join('\n') : null
  }

  return { message, reason, fieldText, recordText, fieldMessages, technicalDetail }
}
