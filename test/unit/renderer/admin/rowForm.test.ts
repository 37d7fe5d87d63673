import { describe, expect, it } from 'vitest'
import type { TableColumn } from '@shared/administration'
import { numberProblems, rowDataFrom, rowFormFrom } from '@renderer/areas/admin/components/rowForm'

const columns: TableColumn[] = [
  { name: 'Destino', type: 'text' },
  { name: 'Tarifa', type: 'number' },
]

describe('a dynamic table row in its form', () => {
  it('shows every cell as text, an empty cell as blank', () => {
    expect(rowFormFrom(columns, { Destino: 'Zona 1', Tarifa: 35.5 })).toEqual({ Destino: 'Zona 1', Tarifa: '35.5' })
    expect(rowFormFrom(columns, { Destino: null })).toEqual({ Destino: '', Tarifa: '' })
    expect(rowFormFrom(columns, null)).toEqual({ Destino: '', Tarifa: '' })
  })

  it('names the number columns whose text is not a number; a blank one is fine', () => {
    expect(numberProblems(columns, { Destino: 'x', Tarifa: '12.5' })).toEqual([])
    expect(numberProblems(columns, { Destino: 'x', Tarifa: ' -3 ' })).toEqual([])
    expect(numberProblems(columns, { Destino: 'x', Tarifa: '' })).toEqual([])
    for (const bad of ['doce', '12,5', '1e3', '12.', '.5', '0x10'])
      expect(numberProblems(columns, { Destino: '', Tarifa: bad })).toEqual(['Tarifa'])
  })

  it('sends numbers as numbers, text as typed and blanks as null', () => {
    expect(rowDataFrom(columns, { Destino: ' Mixco ', Tarifa: ' 1500 ' })).toEqual({ Destino: ' Mixco ', Tarifa: 1500 })
    expect(rowDataFrom(columns, { Destino: '  ', Tarifa: '' })).toEqual({ Destino: null, Tarifa: null })
  })

  it('sends only the columns changed when editing, so a cell another app wrote (a boolean) stays as it is', () => {
    const original = { Destino: true, Tarifa: 'n/a' }
    const form = rowFormFrom(columns, original)
    expect(form).toEqual({ Destino: 'true', Tarifa: 'n/a' })
    expect(numberProblems(columns, form, original)).toEqual([])
    expect(rowDataFrom(columns, form, original)).toEqual({})
    form.Tarifa = '40'
    expect(rowDataFrom(columns, form, original)).toEqual({ Tarifa: 40 })
    form.Tarifa = 'caro'
    expect(numberProblems(columns, form, original)).toEqual(['Tarifa'])
  })
})
