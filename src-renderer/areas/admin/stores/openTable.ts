import { ref, type Ref } from 'vue'
import { request } from '@renderer/api'
import type { DynamicTable, RowData, TableRow } from '@shared/administration'
import type { CompanyRead } from './companyReads'
import { upsert, without } from './recordList'

/** The dynamic table the rows screen shows and its rows; a row added or deleted counts in `tables` too. */
export function useOpenTable(tables: Ref<DynamicTable[]>, companyRead: CompanyRead) {
  const openTableId = ref<number | null>(null)
  const openTable = ref<DynamicTable | null>(null)
  const rows = ref<TableRow[]>([])
  /** Rows come through GraphQL (webapp_rows), as the service publishes them. */
  const rowsLoader = companyRead(
    () => request('dynamicTables.rows', { id: openTableId.value ?? 0 }),
    (answer) => {
      openTable.value = answer.table
      rows.value = answer.rows
    },
    () => ((openTable.value = null), (rows.value = [])),
  )

  /** The rows screen shows table `id`: what another table left is cleared first. */
  function showTable(id: number): void {
    if (openTableId.value === id) return
    rowsLoader.reset()
    openTableId.value = id
    openTable.value = null
    rows.value = []
  }
  function countRows(tableId: number, delta: number): void {
    const change = (tb: DynamicTable): DynamicTable =>
      tb.rowsCount === null ? tb : { ...tb, rowsCount: Math.max(0, tb.rowsCount + delta) }
    tables.value = tables.value.map((tb) => (tb.id === tableId ? change(tb) : tb))
    if (openTable.value?.id === tableId) openTable.value = change(openTable.value)
  }

  async function saveRow(tableId: number, rowId: number | null, data: RowData): Promise<TableRow> {
    const saved =
      rowId === null
        ? await request('dynamicTables.addRow', { tableId, data })
        : await request('dynamicTables.updateRow', { tableId, rowId, data })
    if (openTable.value?.id === tableId) rows.value = upsert(rows.value, saved)
    if (rowId === null) countRows(tableId, 1)
    return saved
  }
  async function deleteRow(tableId: number, rowId: number): Promise<void> {
    await request('dynamicTables.deleteRow', { tableId, rowId })
    if (openTable.value?.id === tableId) rows.value = without(rows.value, rowId)
    countRows(tableId, -1)
  }

  return { openTable, rows, rowsLoader, showTable, saveRow, deleteRow }
}
