import { describe, expect, it } from 'vitest'
import { dynamicTableSchema, rowDataSchema } from '@core/api/dynamicTablesApi'

describe('a dynamic table as the service answers it', () => {
  it('takes its columns from structure, {name: type}, as the SDK types the show', () => {
    const table = dynamicTableSchema.parse({
      id: 12,
      zid: 3,
      entity_id: 101,
      name: 'Motivos',
      structure: { Motivo: 'text', Puntos: 'number', Activo: 'boolean' },
      creator_id: 5,
      updater_id: 5,
      created_at: '2026-01-10T08:00:00.000-06:00',
      updated_at: '2026-01-10T08:00:00.000-06:00',
    })
    // A type the app cannot edit as a number is shown and edited as text.
    expect(table.columns).toEqual([
      { name: 'Motivo', type: 'text' },
      { name: 'Puntos', type: 'number' },
      { name: 'Activo', type: 'text' },
    ])
    expect(table.rowsCount).toBeNull()
  })

  it('still reads the create payload parallel arrays, and refuses a table with neither', () => {
    const table = dynamicTableSchema.parse({
      id: 1,
      name: 'x',
      rows_structure: ['A', 'B'],
      rows_type: ['text', 'number'],
      created_at: null,
      updated_at: null,
    })
    expect(table.columns).toEqual([
      { name: 'A', type: 'text' },
      { name: 'B', type: 'number' },
    ])
    expect(dynamicTableSchema.safeParse({ id: 1, name: 'x', rows_structure: ['A'], rows_type: [] }).success).toBe(false)
    expect(dynamicTableSchema.safeParse({ id: 1, name: 'x' }).success).toBe(false)
  })
})

describe("a row's data as read", () => {
  it('keeps booleans and text in any column; a nested value becomes its JSON text instead of refusing the table', () => {
    expect(rowDataSchema.parse({ Ok: true, Monto: '12.50', Nada: null, Lista: [1, 2], Obj: { a: 1 } })).toEqual({
      Ok: true,
      Monto: '12.50',
      Nada: null,
      Lista: '[1,2]',
      Obj: '{"a":1}',
    })
  })
})
