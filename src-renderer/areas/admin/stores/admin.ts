import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import { request } from '@renderer/api'
import type { RequestOutput } from '@shared/contract'
import type {
  DocumentStructure,
  DocumentType,
  DynamicTable,
  NewDynamicTable,
  PieceworkTypeGroup,
  PieceworkTypeGroupInput,
  ProfileChanges,
  RowData,
  TableRow,
} from '@shared/administration'
import type { WhoAmI } from '@shared/domain'
import { createLoader, type Loader } from '@renderer/stores/loader'
import { usePreferencesStore } from '@renderer/stores/preferences'
import { useWhoAmIStore } from '@renderer/stores/whoami'

type Company = RequestOutput<'company.get'>

/** Puts `next` in place of the record with its id, or at the end when it is new. */
function upsert<T extends { id: number }>(list: T[], next: T): T[] {
  const at = list.findIndex((x) => x.id === next.id)
  return at === -1 ? [...list, next] : list.map((x, i) => (i === at ? next : x))
}
function without<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((x) => x.id !== id)
}

/**
 * The administration area's one door to the service: the admin screens read
 * what they show from here and send their commands through here. Each command
 * answers with the record it changed and the store applies it, so no screen
 * re-reads the list after its own change.
 */
export const useAdminStore = defineStore('admin', () => {
  const whoami = useWhoAmIStore()
  const preferences = usePreferencesStore()

  // --- Piecework type groups
  const groups = ref<PieceworkTypeGroup[]>([])
  const groupsLoader = createLoader(
    () => request('pieceworkGroups.list'),
    (list) => (groups.value = list),
  )

  async function saveGroup(id: number | null, input: PieceworkTypeGroupInput): Promise<PieceworkTypeGroup> {
    const saved =
      id === null ? await request('pieceworkGroups.create', input) : await request('pieceworkGroups.update', { id, changes: input })
    groups.value = upsert(groups.value, saved)
    return saved
  }
  async function deleteGroup(id: number): Promise<void> {
    await request('pieceworkGroups.delete', { id })
    groups.value = without(groups.value, id)
  }

  // --- Dynamic tables and the rows of the open one
  const tables = ref<DynamicTable[]>([])
  const tablesLoader = createLoader(
    () => request('dynamicTables.list'),
    (list) => (tables.value = list),
  )
  const openTableId = ref<number | null>(null)
  const openTable = ref<DynamicTable | null>(null)
  const rows = ref<TableRow[]>([])
  /** Rows come through GraphQL (webapp_rows), as the service publishes them. */
  const rowsLoader = createLoader(
    () => request('dynamicTables.rows', { id: openTableId.value ?? 0 }),
    (answer) => {
      openTable.value = answer.table
      rows.value = answer.rows
    },
  )
  /** The rows screen shows table `id`: what another table left is cleared first. */
  function showTable(id: number): void {
    if (openTableId.value === id) return
    rowsLoader.reset()
    openTableId.value = id
    openTable.value = null
    rows.value = []
  }
  function applyTable(table: DynamicTable): void {
    tables.value = upsert(tables.value, table)
    if (openTable.value?.id === table.id) openTable.value = table
  }
  function countRows(tableId: number, delta: number): void {
    const change = (tb: DynamicTable): DynamicTable =>
      tb.rowsCount === null ? tb : { ...tb, rowsCount: Math.max(0, tb.rowsCount + delta) }
    tables.value = tables.value.map((tb) => (tb.id === tableId ? change(tb) : tb))
    if (openTable.value?.id === tableId) openTable.value = change(openTable.value)
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

  // --- Company (the current entity) and document structures
  const company = ref<Company | null>(null)
  const companyLoader = createLoader(
    () => request('company.get'),
    (c) => (company.value = c),
  )

  const documentType = ref<DocumentType>('contract')
  const structure = ref<DocumentStructure | null>(null)
  // A newer read supersedes a slow one for a type the user has since left (the loader drops its answer).
  const structureLoader = createLoader(
    () => request('documentStructures.get', { type: documentType.value }),
    (s) => (structure.value = s),
  )

  // --- Profile: the answer is the whole who-am-I, which the shell's store holds
  async function updateProfile(change: ProfileChanges): Promise<WhoAmI> {
    const next = await request('profile.update', change)
    whoami.data = next
    // The language chosen here is the user's choice: the screen follows it at once.
    if (change.language) await preferences.set({ language: change.language })
    return next
  }

  /** The GraphQL console's query (also its introspection): the answer as the service gave it, nothing kept here. */
  function graphqlQuery(query: string, variables?: Record<string, unknown>): Promise<RequestOutput<'graphql.query'>> {
    return request('graphql.query', { query, variables })
  }

  // A company switch: nothing of the company left behind stays on screen; what is open is read again.
  const perCompany: [Loader, () => void][] = [
    [groupsLoader, () => (groups.value = [])],
    [tablesLoader, () => (tables.value = [])],
    [rowsLoader, () => ((openTable.value = null), (rows.value = []))],
    [companyLoader, () => (company.value = null)],
    [structureLoader, () => (structure.value = null)],
  ]
  watch(
    () => whoami.currentEntity?.id,
    (next, previous) => {
      if (previous === undefined || next === previous) return
      for (const [loader, clear] of perCompany) {
        loader.reset()
        clear()
        if (loader.shownBy > 0) void loader.load()
      }
    },
  )

  return {
    groups,
    groupsLoader,
    saveGroup,
    deleteGroup,
    tables,
    tablesLoader,
    openTable,
    rows,
    rowsLoader,
    showTable,
    createTable,
    renameTable,
    deleteTable,
    saveRow,
    deleteRow,
    company,
    companyLoader,
    documentType,
    structure,
    structureLoader,
    updateProfile,
    graphqlQuery,
  }
})
