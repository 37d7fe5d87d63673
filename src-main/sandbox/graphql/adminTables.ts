import { array, col, object } from './columnHelpers'
import type { TableDescription } from './tableDescription'

/**
 * Dynamic tables: `webapp_table_rows { id data }` (spec), filtered by table
 * through `webapp_table_id` (docs: "filtered by table"), and the tables
 * themselves (ours). See ../ADDITIONS.md.
 */
export const adminGraphqlTables: readonly TableDescription[] = [
  {
    name: 'webapp_tables',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('name', 'String'),
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
    columns: [
      col('id', 'bigint'),
      col('webapp_table_id', 'bigint'),
      col('data', 'jsonb'),
      col('entity_id', 'bigint'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [object('webapp_table', 'webapp_tables', 'webapp_table_id')],
  },
]
