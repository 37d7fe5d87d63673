import type { CellValue, DynamicTable, NewDynamicTable, RowData, TableRow } from '@shared/administration'
import { AppError } from '@shared/errors'
import { fetchRowsAfter, fetchTableRows } from '../api/dynamicTableRowsGraphql'
import {
  createDynamicTable,
  createTableRow,
  deleteDynamicTable,
  deleteTableRow,
  fetchDynamicTable,
  fetchDynamicTables,
  fetchTableRow,
  renameDynamicTable,
  updateTableRow,
} from '../api/dynamicTablesApi'
import { mayHaveBeenDone } from '../api/serviceError'
import type { SessionService } from './sessionService'

/** How many rows added since a write are looked through for the one it added. */
const newRowsLooked = 200

/**
 * Dynamic tables: definitions and row writes over REST, rows read through
 * GraphQL (root `webapp_rows`, as the SDK reads them).
 *
 * Writes never invite a second submit for something the service already did:
 * a 2xx answer of another shape is done and read back, and a lost answer
 * (connection cut, timeout, 5xx) is settled by looking on the service for what
 * was written before the failure is reported.
 */
export class DynamicTablesService {
  constructor(private readonly session: SessionService) {}

  list(): Promise<DynamicTable[]> {
    return fetchDynamicTables(this.session.require().rest)
  }

  /** The new table is the one with this name that was not listed before the request. */
  async create(input: NewDynamicTable): Promise<DynamicTable> {
    const rest = this.session.require().rest
    const before = await fetchDynamicTables(rest).then(
      (list) => new Set(list.map((t) => t.id)),
      () => null,
    )
    let created: DynamicTable | null
    try {
      created = await createDynamicTable(rest, input)
    } catch (err) {
      const found = mayHaveBeenDone(err) && before ? await this.newTable(input.name, before).catch(() => null) : null
      if (!found) throw err
      return found
    }
    if (created) return created
    const found = await this.newTable(input.name, before ?? new Set())
    if (!found)
      throw new AppError('unknown_outcome', { detail: `the service accepted the table "${input.name}", but it is not in the list` })
    return found
  }

  /** The newest table with this name that is not among `before` (ids only grow). */
  private async newTable(name: string, before: Set<number>): Promise<DynamicTable | null> {
    const wanted = name.trim().toLowerCase()
    const matches = (await fetchDynamicTables(this.session.require().rest)).filter(
      (t) => !before.has(t.id) && t.name.trim().toLowerCase() === wanted,
    )
    return matches.sort((a, b) => b.id - a.id)[0] ?? null
  }

  async rename(id: number, name: string): Promise<DynamicTable> {
    const rest = this.session.require().rest
    return (await renameDynamicTable(rest, id, name)) ?? fetchDynamicTable(rest, id)
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

  /**
   * Rows carry no marker of ours, so the new row is the newest one above the
   * newest row before the request whose cells hold what was written.
   */
  async addRow(tableId: number, data: RowData): Promise<TableRow> {
    const s = this.session.require()
    const newestBefore = await fetchRowsAfter(s.graphql, tableId, 0, 1).then(
      (rows) => rows[0]?.id ?? 0,
      () => null,
    )
    let added: TableRow | null
    try {
      added = await createTableRow(s.rest, tableId, data)
    } catch (err) {
      const found = mayHaveBeenDone(err) && newestBefore !== null ? await this.newRow(tableId, data, newestBefore).catch(() => null) : null
      if (!found) throw err
      return found
    }
    if (added) return added
    const found = newestBefore === null ? null : await this.newRow(tableId, data, newestBefore)
    if (!found)
      throw new AppError('unknown_outcome', { detail: `the service accepted the row for table ${tableId}, but it could not be read back` })
    return found
  }

  private async newRow(tableId: number, data: RowData, after: number): Promise<TableRow | null> {
    const rows = await fetchRowsAfter(this.session.require().graphql, tableId, after, newRowsLooked)
    return rows.find((r) => holds(r.data, data)) ?? null
  }

  /** An edit whose answer was lost is done when the row now holds what was sent. */
  async updateRow(tableId: number, rowId: number, data: RowData): Promise<TableRow> {
    const rest = this.session.require().rest
    let updated: TableRow | null
    try {
      updated = await updateTableRow(rest, tableId, rowId, data)
    } catch (err) {
      const now = mayHaveBeenDone(err) ? await fetchTableRow(rest, tableId, rowId).catch(() => null) : null
      if (!now || !holds(now.data, data)) throw err
      return now
    }
    return updated ?? fetchTableRow(rest, tableId, rowId)
  }

  async deleteRow(tableId: number, rowId: number): Promise<{ deleted: true }> {
    await deleteTableRow(this.session.require().rest, tableId, rowId)
    return { deleted: true }
  }
}

/** Whether a row read back holds every cell written (the service may give a number column's text as a number). */
function holds(row: RowData, written: RowData): boolean {
  return Object.entries(written).every(([column, value]) => sameCell(row[column] ?? null, value))
}

function sameCell(read: CellValue, written: CellValue): boolean {
  if (read === written) return true
  if (read === null || written === null || typeof read === 'boolean' || typeof written === 'boolean') return false
  return String(read).trim() === String(written).trim() || (Number(read) === Number(written) && String(written).trim() !== '')
}
