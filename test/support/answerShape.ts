import type { DocumentedRecord, FieldList } from './documentedRest'

/**
 * What a REST answer should look like, in the names of test/support/documentedRest.ts: a record
 * (and the records nested in some of its fields), a list of them, an object keyed by field name
 * (document structures), an empty answer (204, or `{}`), or a JSON string.
 */
export type AnswerShape =
  | DocumentedRecord
  | { record: DocumentedRecord; nested?: Record<string, AnswerShape>; then?: (body: unknown) => void }
  | { list: AnswerShape }
  | { keyed: AnswerShape }
  | 'empty'
  | 'text'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Every way `value` differs from `shape`: a key no list names, or (for an exact list) a key missing. */
export function answerShapeProblems(value: unknown, shape: AnswerShape, lists: Record<DocumentedRecord, FieldList>, at = ''): string[] {
  if (shape === 'empty')
    return value === undefined || (isObject(value) && Object.keys(value).length === 0) ? [] : [`${at || 'answer'} is not empty`]
  if (shape === 'text') return typeof value === 'string' ? [] : [`${at || 'answer'} is not a string`]
  if (typeof shape === 'object' && 'list' in shape) {
    if (!Array.isArray(value)) return [`${at || 'answer'} is not a list`]
    if (value.length === 0 && at === '') return [`answer is an empty list: nothing to compare`]
    return value.flatMap((v, i) => answerShapeProblems(v, shape.list, lists, `${at}[${i}]`))
  }
  if (typeof shape === 'object' && 'keyed' in shape) {
    if (!isObject(value)) return [`${at || 'answer'} is not an object`]
    return Object.entries(value).flatMap(([k, v]) => answerShapeProblems(v, shape.keyed, lists, `${at}.${k}`))
  }
  const record = typeof shape === 'string' ? { record: shape } : shape
  if (!isObject(value)) return [`${at || 'answer'} is not a ${record.record}`]
  const list = lists[record.record]
  const keys = Object.keys(value)
  const problems = keys.filter((k) => !list.fields.includes(k)).map((k) => `${at}.${k} is not a field of ${record.record}`)
  if (list.exact) problems.push(...list.fields.filter((f) => !keys.includes(f)).map((f) => `${at}.${f} of ${record.record} is missing`))
  for (const [key, inner] of Object.entries(record.nested ?? {})) {
    if (value[key] !== null && value[key] !== undefined) problems.push(...answerShapeProblems(value[key], inner, lists, `${at}.${key}`))
  }
  record.then?.(value)
  return problems
}
