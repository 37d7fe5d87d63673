/**
 * A document structure's fields as a clerk reads them. The service names each field and its data type in
 * English code (`payee_id`, `boolean`); the fields every shop's documents carry have words of their own in
 * the messages (admin.documents.names), and any other is shown by its code alone.
 */
export const namedFields = [
  'reference',
  'taxable',
  'payee_id',
  'infinite',
  'starts_on',
  'ends_on',
  'memo',
  'agency_id',
  'currency_id',
  'planned_delivery',
  'credit',
  'agency_from_id',
  'agency_to_id',
  'needs_transport',
  'accounted_on',
  'amount',
  'subject',
  'priority',
  'closed',
] as const
export type NamedField = (typeof namedFields)[number]

export const fieldKinds = ['text', 'yesNo', 'wholeNumber', 'decimal', 'date', 'dateTime', 'record'] as const
export type FieldKind = (typeof fieldKinds)[number]

const kindOfType: Readonly<Record<string, FieldKind>> = {
  string: 'text',
  text: 'text',
  boolean: 'yesNo',
  integer: 'wholeNumber',
  decimal: 'decimal',
  float: 'decimal',
  date: 'date',
  datetime: 'dateTime',
}

export function namedField(name: string): NamedField | null {
  return namedFields.find((f) => f === name) ?? null
}

/** What kind of value a field takes, in words; an integer `…_id` points at another record. Null: a type not known here. */
export function fieldKind(name: string, type: string): FieldKind | null {
  const kind = kindOfType[type.trim().toLowerCase()] ?? null
  return kind === 'wholeNumber' && name.endsWith('_id') ? 'record' : kind
}
