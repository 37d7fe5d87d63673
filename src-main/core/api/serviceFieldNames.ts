/**
 * A refusal names fields as the service spells them (`agency_to_id`,
 * `movements[0].booked_quantity`); past core/api every field is named as our
 * own types name it (`agencyToId`, `lines[0].bookedQuantity`), the same names
 * the contract's schemas give our own bad_input errors. Each snake_case word of
 * a key becomes camelCase; indices and dots stay. An area whose records are
 * called otherwise here gives its renames, by the key's first word.
 *
 * 'asGiven' keeps the keys untouched: a dynamic table's rows are refused by
 * column, and the columns are named by the user.
 */
export type FieldNames = Readonly<Record<string, string>> | 'asGiven'

const snakeWord = /[a-z0-9]+(?:_[a-z0-9]+)+/gi

const camelWord = (word: string): string => word.replace(/_([a-z0-9])/gi, (_, c: string) => c.toUpperCase())

export function ourFieldName(key: string, names: FieldNames = {}): string {
  if (names === 'asGiven') return key
  const head = /^[^.[]+/.exec(key)?.[0] ?? ''
  const renamed = Object.hasOwn(names, head) ? names[head]! + key.slice(head.length) : key
  return renamed.replace(snakeWord, camelWord)
}

export function ourFieldNames(fields: Record<string, string[]>, names: FieldNames = {}): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const [key, messages] of Object.entries(fields)) (result[ourFieldName(key, names)] ??= []).push(...messages)
  return result
}

/** A booking's lines are the service's movements. */
export const bookingFieldNames: FieldNames = { movements: 'lines', movements_attributes: 'lines' }

/** A reception's lines are the service's reception_details. */
export const receptionFieldNames: FieldNames = { reception_details: 'lines', reception_details_attributes: 'lines' }

/** A new dynamic table's columns are the service's rows_structure (names) and rows_type (types). */
export const tableFieldNames: FieldNames = { rows_structure: 'columns', rows_type: 'columns' }

/** The bundle editor's names: its components are the service's bundle_details; tags and the category by what the form holds. */
export const bundleFieldNames: FieldNames = {
  bundle_details: 'components',
  bundle_details_attributes: 'components',
  tag_list: 'tags',
  item_category: 'itemCategoryId',
}
