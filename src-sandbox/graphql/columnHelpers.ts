import type { ColumnDescription, ColumnType, RelationDescription } from './tableDescription'

/** Short constructors for the table descriptions (tables.ts, bookingTables.ts). */
export const col = (name: string, type: ColumnType): ColumnDescription => ({ name, type, nullable: false })
export const opt = (name: string, type: ColumnType): ColumnDescription => ({ name, type, nullable: true })
export const object = (name: string, table: string, from: string, to = 'id'): RelationDescription => ({ name, kind: 'object', table, from, to })
export const array = (name: string, table: string, to: string, from = 'id'): RelationDescription => ({ name, kind: 'array', table, from, to })
