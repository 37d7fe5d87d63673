import { describe, expect, it } from 'vitest'
import { dynamicItemsFrom } from '@core/api/dynamicItemsAnswer'

const unknown = { itemId: null, code: null, name: null, available: null }

describe('the dynamic items answer, whatever its shape', () => {
  it('reads the known keys of a list of entries', () => {
    expect(dynamicItemsFrom([{ item_id: 7, code: 'A-1', name: 'Arroz', available: 4.5 }])).toEqual([
      { itemId: 7, code: 'A-1', name: 'Arroz', available: 4.5, other: {} },
    ])
  })

  it("takes `id` as the item's only where no item_id is given, and keeps the row's own id otherwise", () => {
    expect(dynamicItemsFrom([{ id: 3, item_id: '8', available: '2.50' }])).toEqual([
      { ...unknown, itemId: 8, available: 2.5, other: { id: '3' } },
    ])
    expect(dynamicItemsFrom([{ id: '9' }])).toEqual([{ ...unknown, itemId: 9, other: {} }])
  })

  it('keeps a known key whose value is not what it should be, as text', () => {
    expect(dynamicItemsFrom([{ item_id: 'x', code: '', available: 'muchos', name: ['a'] }])).toEqual([
      { ...unknown, other: { item_id: 'x', code: '', available: 'muchos', name: '["a"]' } },
    ])
  })

  it('finds the list inside an object, else reads the object as one entry; nothing in an empty answer', () => {
    expect(dynamicItemsFrom({ total: 1, data: [{ code: 'B' }] })).toEqual([{ ...unknown, code: 'B', other: {} }])
    expect(dynamicItemsFrom({ code: 'C', stock: 2 })).toEqual([{ ...unknown, code: 'C', other: { stock: '2' } }])
    expect(dynamicItemsFrom(null)).toEqual([])
    expect(dynamicItemsFrom('')).toEqual([])
  })

  it('cuts a long unknown value', () => {
    const [item] = dynamicItemsFrom([{ note: 'x'.repeat(500) }])
    expect(item!.other.note).toHaveLength(200)
    expect(item!.other.note!.endsWith('…')).toBe(true)
  })
})
