import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import type { DynamicTable, PieceworkTypeGroup } from '@shared/administration'
import type { WhoAmI } from '@shared/domain'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'

// Every request the store makes, answered by the test: what reaches the service is what is counted.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

type AdminStore = ReturnType<typeof import('@renderer/areas/admin/stores/admin').useAdminStore>
let useAdminStore: () => AdminStore
let useWhoAmIStore: typeof import('@renderer/stores/whoami').useWhoAmIStore

beforeAll(async () => {
  // The preferences store asks the window about the theme when it loads.
  vi.stubGlobal('window', {})
  ;({ useAdminStore } = await import('@renderer/areas/admin/stores/admin'))
  ;({ useWhoAmIStore } = await import('@renderer/stores/whoami'))
})

const group = (id: number, name: string): PieceworkTypeGroup => ({
  id,
  zid: null,
  name,
  idNumber: null,
  description: null,
  entityId: 1,
  creatorId: null,
  updaterId: null,
  createdAt: null,
  updatedAt: null,
})
const table = (id: number, rowsCount: number | null): DynamicTable => ({
  id,
  name: `T${id}`,
  columns: [{ name: 'A', type: 'text' }],
  rowsCount,
  createdAt: null,
  updatedAt: null,
})
const inEntity = (id: number) => ({ currentEntity: { id, name: `E${id}` } }) as unknown as WhoAmI

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
})

describe('admin store: commands apply their answer, nothing is read again', () => {
  it('a new, an edited and a deleted group each cost their one request, and the list shows the change', async () => {
    answers.set('pieceworkGroups.list', () => [group(1, 'Armado'), group(2, 'Corte')])
    answers.set('pieceworkGroups.create', (input) => group(3, (input as { name: string }).name))
    answers.set('pieceworkGroups.update', () => group(1, 'Armado fino'))
    answers.set('pieceworkGroups.delete', () => ({ deleted: true }))
    const admin = useAdminStore()
    await admin.groupsLoader.load()
    sent.length = 0

    await admin.saveGroup(null, { name: 'Lijado' })
    await admin.saveGroup(1, { name: 'Armado fino' })
    await admin.deleteGroup(2)

    expect(sent.map((s) => s.name)).toEqual(['pieceworkGroups.create', 'pieceworkGroups.update', 'pieceworkGroups.delete'])
    expect(admin.groups.map((g) => g.name)).toEqual(['Armado fino', 'Lijado'])
  })

  it('adding and deleting a row keeps the open table and the tables list counting its rows', async () => {
    answers.set('dynamicTables.list', () => [table(7, 2), table(8, null)])
    answers.set('dynamicTables.rows', () => ({
      table: table(7, 2),
      rows: [
        { id: 1, data: { A: 'x' } },
        { id: 2, data: { A: 'y' } },
      ],
    }))
    answers.set('dynamicTables.addRow', () => ({ id: 3, data: { A: 'z' } }))
    answers.set('dynamicTables.deleteRow', () => ({ deleted: true }))
    const admin = useAdminStore()
    await admin.tablesLoader.load()
    admin.showTable(7)
    await admin.rowsLoader.load()
    sent.length = 0

    await admin.saveRow(7, null, { A: 'z' })
    expect(admin.rows.map((r) => r.id)).toEqual([1, 2, 3])
    expect(admin.openTable?.rowsCount).toBe(3)
    await admin.deleteRow(7, 1)
    expect(admin.rows.map((r) => r.id)).toEqual([2, 3])
    expect(admin.tables.map((t) => t.rowsCount)).toEqual([2, null])
    expect(sent.map((s) => s.name)).toEqual(['dynamicTables.addRow', 'dynamicTables.deleteRow'])
  })
})

describe('admin store: a company switch', () => {
  it('clears what belonged to the company left behind and reads again only what a screen shows', async () => {
    answers.set('pieceworkGroups.list', () => [group(1, 'Armado')])
    answers.set('dynamicTables.list', () => [table(7, 0)])
    const whoami = useWhoAmIStore()
    whoami.data = inEntity(1)
    const admin = useAdminStore()
    await admin.groupsLoader.load()
    await admin.tablesLoader.load()
    admin.groupsLoader.shownBy = 1 // the groups screen is open; the tables screen is not
    sent.length = 0

    whoami.data = inEntity(2)
    await nextTick()
    expect(admin.tables).toEqual([])
    expect(sent.map((s) => s.name)).toEqual(['pieceworkGroups.list'])
  })

  it('drops an answer that was on its way when the switch happened', async () => {
    let release: (value: PieceworkTypeGroup[]) => void = () => undefined
    answers.set('pieceworkGroups.list', () => new Promise((resolve) => (release = resolve)))
    const whoami = useWhoAmIStore()
    whoami.data = inEntity(1)
    const admin = useAdminStore()
    const slow = admin.groupsLoader.load()
    whoami.data = inEntity(2)
    await nextTick()
    release([group(1, 'Of the first company')])
    await slow
    expect(admin.groups).toEqual([])
    expect(admin.groupsLoader.loading).toBe(false)
  })
})
