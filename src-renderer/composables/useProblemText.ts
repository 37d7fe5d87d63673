import { useI18n } from 'vue-i18n'
import { AppError, type ErrorPayload } from '@shared/errors'
import type es from '../i18n/es'
import { useLocalisedError } from './useLocalisedError'

type ProblemField = keyof (typeof es)['problem']['fields']

/**
 * A stored failure (an outbox entry's last error, a booking's problem) as the
 * clerk reads it: the app's sentence in their language, and what the service
 * itself said (its validation messages come in the service's language), with
 * `movements[0].booked_quantity` said as "Línea 1, cantidad".
 */
export function useProblemText() {
  const { t, te } = useI18n()
  const { message } = useLocalisedError()

  function fieldName(field: string): string {
    const named = (f: string) => (te(`problem.fields.${f}`) ? t(`problem.fields.${f as ProblemField}`) : f)
    const line = /^movements(?:_attributes)?\[(\d+)\](?:\.(\w+))?$/.exec(field)
    if (!line) return named(field)
    const n = Number(line[1]) + 1
    return line[2] ? t('problem.lineField', { n, field: named(line[2]) }) : t('problem.line', { n })
  }

  function saidByService(p: ErrorPayload): string | null {
    const fieldTexts = Object.entries(p.fields).flatMap(([field, texts]) => texts.map((text) => (field === 'base' ? text : `${fieldName(field)}: ${text}`)))
    if (fieldTexts.length > 0) return fieldTexts.join(' · ')
    return p.detail
  }

  function problemText(p: ErrorPayload): { message: string; detail: string | null } {
    return { message: message(AppError.fromPayload(p)), detail: saidByService(p) }
  }

  return { problemText }
}
