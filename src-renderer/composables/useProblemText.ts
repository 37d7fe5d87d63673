import { AppError, type ErrorPayload } from '../../src-shared/errors'
import { useLocalisedError } from './useLocalisedError'

/**
 * A stored failure (an outbox entry's last error, a booking's problem) as the
 * clerk reads it: the app's sentence in their language, and what the service
 * itself said (its validation messages come in the service's language).
 */
export function useProblemText() {
  const { message } = useLocalisedError()

  function saidByService(p: ErrorPayload): string | null {
    const fieldTexts = Object.entries(p.fields).flatMap(([field, texts]) => texts.map((text) => (field === 'base' ? text : `${field}: ${text}`)))
    if (fieldTexts.length > 0) return fieldTexts.join(' · ')
    return p.detail
  }

  function problemText(p: ErrorPayload): { message: string; detail: string | null } {
    return { message: message(AppError.fromPayload(p)), detail: saidByService(p) }
  }

  return { problemText }
}
