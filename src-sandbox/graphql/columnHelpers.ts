import type { ColumnDescription, ColumnType, RelationDescription } from './tableDescription'

/** Short constructors for the table descriptions (tables.ts, bookingTables.ts, purchasingTables.ts). */
export const col = (name: string, type: ColumnType): ColumnDescription => ({ name, type, nullable: false })
export const opt = (name: string, type: ColumnType): ColumnDescription => ({ name, type, nullable: true })
export const object = (name: string, table: string, from: string, to = 'id'): RelationDescription => ({
  name,
  kind: 'object',
  table,
  from,
  to,
})
export const array = (name: string, table: string, to: string, from = 'id'): RelationDescription => ({
  name,
  kind: 'array',
  table,
  from,
  to,
})
/** Several columns of one kind: nullable ids, nullable texts, required flags, nullable timestamps. */
export const ids = (...names: string[]) => names.map((n) => opt(n, 'bigint'))
export const texts = (...names: string[]) => names.map((n) => opt(n, 'String'))
export const flags = (...names: string[]) => names.map((n) => col(n, 'Boolean'))
export const stamps = (...names: string[]) => names.map((n) => opt(n, 'timestamp'))
