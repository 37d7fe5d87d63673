import { useI18n } from 'vue-i18n'
import { AppError, type ErrorPayload } from '@shared/errors'
import type es from '../i18n/es'
import { useLocalisedError } from './useLocalisedError'

type ProblemField = keyof (typeof es)['problem']['fields']

/** A line of the booking a problem is about, as the lists show it: its product is named beside the line's number. */
export interface ProblemLine {
  itemCode?: string | null
  itemName?: string | null
}

/**
 * A stored failure (an outbox entry's last error, a booking's problem) as the
 * clerk reads it: the app's sentence in their language, each refused field
 * named as "Línea 1, artículo" with what the refusal means, and what the
 * service itself said (in its language, "debe existir") kept apart as the
 * detail, for the "Detalles" expander and never in the sentence.
 */
export function useProblemText() {
  const { t, te } = useI18n()
  const { message, fieldText, recordText } = useLocalisedError()

  function fieldName(field: string, lines: readonly ProblemLine[]): string {
    const named = (f: string) => (te(`problem.fields.${f}`) ? t(`problem.fields.${f as ProblemField}`) : f)
    const line = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(field)
    if (!line) return named(field)
    const index = Number(line[1])
    // "Línea 2 (CON-00019 Cemento gris …)": the clerk finds the product, not a position in a list they no longer see.
    const item = [lines[index]?.itemCode, lines[index]?.itemName].filter(Boolean).join(' ')
    const n = item ? `${index + 1} (${item})` : index + 1
    return line[2] ? t('problem.lineField', { n, field: named(line[2]) }) : t('problem.line', { n })
  }

  function saidByService(p: ErrorPayload, lines: readonly ProblemLine[]): string | null {
    const fieldTexts = Object.entries(p.fields).flatMap(([field, texts]) =>
      texts.map((text) => (field === 'base' ? text : `${fieldName(field, lines)}: ${text}`)),
    )
    if (fieldTexts.length === 0) return p.detail
    // The service's summary often repeats one of its field messages: said once.
    const before = p.detail && !Object.values(p.fields).flat().includes(p.detail) && !fieldTexts.includes(p.detail) ? [p.detail] : []
    return [...before, ...fieldTexts].join(' · ')
  }

  function ourWords(p: ErrorPayload, lines: readonly ProblemLine[]): string {
    const general = message(AppError.fromPayload(p))
    const perField = Object.entries(p.fields).flatMap(([field, texts]) =>
      // A refusal of the whole record the clerk could not read is said by its code.
      texts.map((text) => (field === 'base' ? (recordText(text) ?? general) : `${fieldName(field, lines)}: ${fieldText(text)}`)),
    )
    if (perField.length > 0) return [...new Set(perField)].join(' · ')
    // A refusal said only as a whole ("La reserva ya fue despachada") beats "check the highlighted fields" with nothing highlighted.
    if (p.code === 'validation' && p.detail) return recordText(p.detail) ?? general
    return general
  }

  /** `lines`: the booking's, when known, so a refused line names its product. */
  function problemText(p: ErrorPayload, lines: readonly ProblemLine[] = []): { message: string; detail: string | null } {
    return { message: ourWords(p, lines), detail: saidByService(p, lines) }
  }

  return { problemText }
}
