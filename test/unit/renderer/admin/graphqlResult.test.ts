import { describe, expect, it } from 'vitest'
import { resultTable, resultTree } from '@renderer/areas/admin/components/graphqlResult'

describe("the console's result table", () => {
  it('tables the first list of records, with every key any record has', () => {
    const table = resultTable({
      items: [
        { id: 1, code: 'A' },
        { id: 2, name: 'Tornillo', lots: [{ id: 9 }] },
      ],
    })
    expect(table).toEqual({
      path: 'items',
      columns: ['id', 'code', 'name', 'lots'],
      rows: [
        { id: '1', code: 'A', name: '', lots: '' },
        { id: '2', code: '', name: 'Tornillo', lots: '[{"id":9}]' },
      ],
    })
  })

  it('finds a list below an object before one nested inside records, and shows JSON data as text', () => {
    const table = resultTable({ wrap: { webapp_table_rows: [{ id: 5, data: { Destino: 'Zona 1', Tarifa: 25 } }] } })
    expect(table?.path).toBe('wrap.webapp_table_rows')
    expect(table?.rows[0]).toEqual({ id: '5', data: '{"Destino":"Zona 1","Tarifa":25}' })
  })

  it('has no table when the answer holds no list of records', () => {
    expect(resultTable({ items_by_pk: { id: 1 } })).toBeNull()
    expect(resultTable({ items: [] })).toBeNull()
    expect(resultTable(null)).toBeNull()
  })
})

describe("the console's result tree", () => {
  it('opens objects and lists and labels scalars with their values', () => {
    const tree = resultTree({ items: [{ id: 1, name: 'Tornillo', ean13: null }] })
    expect(tree.label).toBe('data {1}')
    const items = tree.children![0]!
    expect(items.label).toBe('items [1]')
    expect(items.children![0]!.children!.map((c) => c.label)).toEqual(['id: 1', 'name: "Tornillo"', 'ean13: null'])
    expect(new Set(JSON.stringify(tree).match(/"key":"[^"]+"/g)).size).toBe(6)
  })
})
