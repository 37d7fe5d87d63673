import type { DynamicTable, NewDynamicTable, RowData, TableRow } from '@shared/administration'
import { fetchTableRows } from '../api/dynamicTableRowsGraphql'
import {
  createDynamicTable,
  createTableRow,
  deleteDynamicTable,
  deleteTableRow,
  fetchDynamicTable,
  fetchDynamicTables,
  renameDynamicTable,
  updateTableRow,
} from '../api/dynamicTablesApi'
import type { SessionService } from './sessionService'

/**
 * Dynamic tables: definitions and row writes over REST, rows read through
 * GraphQL (root `webapp_rows`, as the SDK reads them).
 */
export class DynamicTablesService {
  constructor(private readonly session: SessionService) {}

  list(): Promise<DynamicTable[]> {
    return fetchDynamicTables(this.session.require().rest)
  }

  create(input: NewDynamicTable): Promise<DynamicTable> {
    return createDynamicTable(this.session.require().rest, input)
  }

  rename(id: number, name: string): Promise<DynamicTable> {
    return renameDynamicTable(this.session.require().rest, id, name)
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await deleteDynamicTable(this.session.require().rest, id)
    return { deleted: true }
  }

  /** The table (its columns) and its rows; both asked at once. */
  async rows(id: number): Promise<{ table: DynamicTable; rows: TableRow[] }> {
    const s = this.session.require()
    const [table, rows] = await Promise.all([fetchDynamicTable(s.rest, id), fetchTableRows(s.graphql, id)])
    return { table, rows }
  }

  addRow(tableId: number, data: RowData): Promise<TableRow> {
    return createTableRow(this.session.require().rest, tableId, data)
  }

  updateRow(tableId: number, rowId: number, data: RowData): Promise<TableRow> {
    return updateTableRow(this.session.require().rest, tableId, rowId, data)
  }

  async deleteRow(tableId: number, rowId: number): Promise<{ deleted: true }> {
    await deleteTableRow(this.session.require().rest, tableId, rowId)
    return { deleted: true }
  }
}
