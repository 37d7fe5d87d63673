import type { ImportProblem } from '@shared/bundleImport'
import { bundleTextLimits } from '@shared/catalogue'
import { characterCount } from '@shared/patterns'
import type { ParsedRow } from './bundleFiles'

/** How much of a long text the preview shows: enough to find it in the file. */
const shownCharacters = 40

function tooLong(field: ImportProblem['field'], text: string, max: number): ImportProblem | null {
  const length = characterCount(text)
  if (length <= max) return null
  const shown = Array.from(text).slice(0, shownCharacters).join('')
  return { field, kind: 'tooLong', value: length > shownCharacters ? `${shown}…` : shown, length, max }
}

/**
 * A row's texts beyond what the service keeps (bundleTextLimits), each tag on its own: the service
 * would refuse them after the file went out, so the preview names them and nothing is sent.
 */
export function tooLongTexts(values: ParsedRow['values']): ImportProblem[] {
  const found = [
    tooLong('code', values.code, bundleTextLimits.code),
    tooLong('name', values.name, bundleTextLimits.name),
    tooLong('description', values.description, bundleTextLimits.description),
    ...values.tags.split('|').map((tag) => tooLong('tags', tag.trim(), bundleTextLimits.tag)),
  ]
  return found.filter((p): p is ImportProblem => p !== null)
}
