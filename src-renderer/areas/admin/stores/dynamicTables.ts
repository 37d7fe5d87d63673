import { ref } from 'vue'
import { request } from '@renderer/api'
import type { DynamicTable, NewDynamicTable } from '@shared/administration'
import type { CompanyRead } from './companyReads'
import { useOpenTable } from './openTable'
import { upsert, without } from './recordList'

/** The dynamic tables, the rows of the open one (openTable.ts), and the commands on tables. */
export function useDynamicTables(companyRead: CompanyRead) {
  const tables = ref<DynamicTable[]>([])
  const tablesLoader = companyRead(
    () => request('dynamicTables.list'),
    (list) => (tables.value = list),
    () => (tables.value = []),
  )
  const open = useOpenTable(tables, companyRead)

  function applyTable(table: DynamicTable): void {
    tables.value = upsert(tables.value, table)
    if (open.openTable.value?.id === table.id) open.openTable.value = table
  }

  async function createTable(input: NewDynamicTable): Promise<DynamicTable> {
    const table = await request('dynamicTables.create', input)
    applyTable(table)
    return table
  }
  async function renameTable(id: number, name: string): Promise<DynamicTable> {
    const table = await request('dynamicTables.rename', { id, name })
    applyTable(table)
    return table
  }
  async function deleteTable(id: number): Promise<void> {
    await request('dynamicTables.delete', { id })
    tables.value = without(tables.value, id)
  }

  return { tables, tablesLoader, ...open, createTable, renameTable, deleteTable }
}
