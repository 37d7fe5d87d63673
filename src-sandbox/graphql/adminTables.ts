import { array, col, object } from './columnHelpers'
import type { TableDescription } from './tableDescription'

const rowColumns = [
  col('id', 'bigint'),
  col('webapp_table_id', 'bigint'),
  col('data', 'jsonb'),
  col('entity_id', 'bigint'),
  col('created_at', 'timestamp'),
  col('updated_at', 'timestamp'),
]

/**
 * Dynamic tables: rows as the SDK reads them, root `webapp_rows` filtered by
 * `webapp_table_id` (in both modes), and as the interface names them,
 * `webapp_table_rows { id data }` (the table id to filter by is ours: the real
 * service does not show one there). Both read the same stored rows (a view).
 * The tables themselves carry their columns in `structure`, `{name: type}`.
 * See ../ADDITIONS.md.
 */
export const adminGraphqlTables: readonly TableDescription[] = [
  {
    name: 'webapp_tables',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('name', 'String'),
      col('structure', 'jsonb'),
      col('rows_structure', 'jsonb'),
      col('rows_type', 'jsonb'),
      col('entity_id', 'bigint'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [array('webapp_table_rows', 'webapp_table_rows', 'webapp_table_id')],
  },
  {
    name: 'webapp_table_rows',
    primaryKey: 'id',
    entityScoped: true,
    columns: rowColumns,
    relations: [object('webapp_table', 'webapp_tables', 'webapp_table_id')],
  },
  {
    name: 'webapp_rows',
    primaryKey: 'id',
    entityScoped: true,
    columns: rowColumns,
    relations: [],
  },
]
