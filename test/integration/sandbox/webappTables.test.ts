import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { gqlData, graphqlToken, rest } from './sandboxClient'

interface Table {
  id: number
  name: string
  structure: Record<string, string>
  rows_count: number
}
interface Row {
  id: number
  webapp_table_id: number
  data: Record<string, unknown>
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const newTable = { webapp_table: { name: 'Precios de flete', rows_structure: ['Ruta', 'Costo'], rows_type: ['text', 'number'] } }

async function create(): Promise<Table> {
  const res = await rest<Table>(sandbox, ana(), 'POST', '/apps/webapp_tables', newTable)
  expect(res.status).toBe(201)
  return res.body
}

describe('dynamic tables', () => {
  it('creates a table with a text and a number column, on the path with and without .json', async () => {
    const created = await create()
    // Answered as the SDK types it (WebAppTableGraphQL): the columns in `structure`, not the create payload's arrays.
    expect(created).toMatchObject({ name: 'Precios de flete', structure: { Ruta: 'text', Costo: 'number' }, rows_count: 0 })
    expect(created).not.toHaveProperty('rows_structure')
    expect(typeof created.id).toBe('number')
    const listed = await rest<Table[]>(sandbox, ana(), 'GET', '/apps/webapp_tables.json')
    expect(listed.body.map((t) => t.name)).toEqual(['Tarifas de envío', 'Precios de flete'])
    const shown = await rest<Table>(sandbox, ana(), 'GET', `/apps/webapp_tables/${created.id}.json`)
    expect(shown.body).toEqual(created)
    expect((await rest<Table>(sandbox, ana(), 'GET', `/apps/webapp_tables/${created.id}`)).body).toEqual(created)
  })

  it('refuses a blank name, no columns, an unknown type and mismatched arrays', async () => {
    const bad = async (webapp_table: unknown) =>
      rest<Record<string, string[]>>(sandbox, ana(), 'POST', '/apps/webapp_tables.json', { webapp_table })
    expect((await bad({ name: '', rows_structure: ['a'], rows_type: ['text'] })).body).toEqual({ name: ['no puede estar en blanco'] })
    expect((await bad({ name: 'x', rows_structure: [], rows_type: [] })).body).toMatchObject({
      rows_structure: expect.any(Array),
      rows_type: expect.any(Array),
    })
    const typed = await bad({ name: 'x', rows_structure: ['a'], rows_type: ['date'] })
    expect(typed.status).toBe(422)
    expect(typed.body.rows_type![0]).toMatch(/text, number/)
    expect((await bad({ name: 'x', rows_structure: ['a', 'b'], rows_type: ['text'] })).body.rows_type![0]).toMatch(/2/)
    expect((await bad({ name: 'x', rows_structure: ['a', 'A'], rows_type: ['text', 'text'] })).body).toEqual({
      rows_structure: ['ya está en uso'],
    })
    expect((await rest<Table[]>(sandbox, ana(), 'GET', '/apps/webapp_tables')).body).toHaveLength(1)
  })

  it('renames with PATCH or PUT; columns cannot change', async () => {
    const created = await create()
    const res = await rest<Table>(sandbox, ana(), 'PATCH', `/apps/webapp_tables/${created.id}`, { webapp_table: { name: 'Fletes' } })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Fletes')
    const put = await rest<Table>(sandbox, ana(), 'PUT', `/apps/webapp_tables/${created.id}.json`, { webapp_table: { name: 'Fletes 2' } })
    expect(put.body.name).toBe('Fletes 2')
    const columns = await rest(sandbox, ana(), 'PATCH', `/apps/webapp_tables/${created.id}`, {
      webapp_table: { name: 'x', rows_structure: ['z'] },
    })
    expect(columns.status).toBe(422)
    expect((await rest<Table>(sandbox, ana(), 'GET', `/apps/webapp_tables/${created.id}`)).body.name).toBe('Fletes 2')
  })

  it('numbers rows automatically, checks numbers, and reads them back through GraphQL filtered by table', async () => {
    const created = await create()
    const rowsPath = `/apps/webapp_tables/${created.id}/webapp_rows.json`
    const first = await rest<Row>(sandbox, ana(), 'POST', rowsPath, { webapp_row: { data: { Ruta: 'Norte', Costo: 120.5 } } })
    const second = await rest<Row>(sandbox, ana(), 'POST', rowsPath, { webapp_row: { data: { Ruta: 'Sur', Costo: '80' } } })
    expect(first.status).toBe(201)
    expect(second.body.id).toBeGreaterThan(first.body.id)
    expect(second.body.data).toEqual({ Ruta: 'Sur', Costo: 80 })

    const notNumber = await rest(sandbox, ana(), 'POST', rowsPath, { webapp_row: { data: { Ruta: 'Este', Costo: 'mucho' } } })
    expect(notNumber.status).toBe(422)
    expect(notNumber.body).toEqual({ Costo: ['no es un número'] })
    const unknown = await rest(sandbox, ana(), 'POST', rowsPath, { webapp_row: { data: { Peso: 3 } } })
    expect(unknown.body).toEqual({ Peso: ['no es una columna de la tabla'] })

    const jwt = await graphqlToken(sandbox, ana())
    const data = await gqlData<{ webapp_table_rows: { id: number; data: Record<string, unknown> }[] }>(
      sandbox,
      jwt,
      'query($t: bigint!) { webapp_table_rows(where: {webapp_table_id: {_eq: $t}}, order_by: [{id: asc}]) { id data } }',
      { t: created.id },
    )
    expect(data.webapp_table_rows).toEqual([
      { id: first.body.id, data: { Ruta: 'Norte', Costo: 120.5 } },
      { id: second.body.id, data: { Ruta: 'Sur', Costo: 80 } },
    ])
  })

  it('serves the rows as the SDK reads them, root webapp_rows filtered by table, booleans kept as written', async () => {
    const created = await create()
    const rowsPath = `/apps/webapp_tables/${created.id}/webapp_rows.json`
    const flagged = await rest<Row>(sandbox, ana(), 'POST', rowsPath, { webapp_row: { data: { Ruta: true, Costo: false } } })
    expect(flagged.status).toBe(201)
    expect(flagged.body.data).toEqual({ Ruta: true, Costo: false })
    const jwt = await graphqlToken(sandbox, ana())
    const data = await gqlData<{
      webapp_rows: { id: number; data: Record<string, unknown>; webapp_table_id: number; created_at: string }[]
    }>(
      sandbox,
      jwt,
      'query($t: bigint!) { webapp_rows(where: {webapp_table_id: {_eq: $t}}, order_by: [{id: asc}], limit: 10) { id data webapp_table_id created_at } }',
      { t: created.id },
    )
    expect(data.webapp_rows).toEqual([
      { id: flagged.body.id, data: { Ruta: true, Costo: false }, webapp_table_id: created.id, created_at: expect.any(String) },
    ])
    const tables = await gqlData<{ webapp_tables: { id: number; structure: unknown }[] }>(
      sandbox,
      jwt,
      `{ webapp_tables(where: {id: {_eq: ${created.id}}}) { id structure } }`,
    )
    expect(tables.webapp_tables).toEqual([{ id: created.id, structure: { Ruta: 'text', Costo: 'number' } }])
  })

  it('shows, updates (only the columns named) and deletes a row; pages the list', async () => {
    const created = await create()
    const base = `/apps/webapp_tables/${created.id}/webapp_rows`
    const ids: number[] = []
    for (let i = 1; i <= 3; i++)
      ids.push((await rest<Row>(sandbox, ana(), 'POST', `${base}.json`, { webapp_row: { data: { Ruta: `R${i}`, Costo: i } } })).body.id)
    const patched = await rest<Row>(sandbox, ana(), 'PATCH', `${base}/${ids[0]}.json`, { webapp_row: { data: { Costo: 9.25 } } })
    expect(patched.body.data).toEqual({ Ruta: 'R1', Costo: 9.25 })
    expect((await rest<Row>(sandbox, ana(), 'GET', `${base}/${ids[0]}.json`)).body.data).toEqual({ Ruta: 'R1', Costo: 9.25 })
    const page2 = await rest<Row[]>(sandbox, ana(), 'GET', `${base}.json?page=2&per_page=2`)
    expect(page2.body.map((r) => r.id)).toEqual([ids[2]])
    expect((await rest(sandbox, ana(), 'DELETE', `${base}/${ids[1]}.json`)).status).toBe(204)
    expect((await rest<Row[]>(sandbox, ana(), 'GET', `${base}.json`)).body.map((r) => r.id)).toEqual([ids[0], ids[2]])
    expect((await rest(sandbox, ana(), 'GET', `${base}/${ids[1]}.json`)).status).toBe(404)
  })

  it('deletes a table with its rows, by path or on the collection path with the id in the body', async () => {
    const one = await create()
    await rest(sandbox, ana(), 'POST', `/apps/webapp_tables/${one.id}/webapp_rows.json`, { webapp_row: { data: { Ruta: 'x', Costo: 1 } } })
    expect((await rest(sandbox, ana(), 'DELETE', `/apps/webapp_tables/${one.id}`)).status).toBe(204)
    expect((await rest(sandbox, ana(), 'GET', `/apps/webapp_tables/${one.id}`)).status).toBe(404)
    const jwt = await graphqlToken(sandbox, ana())
    const left = await gqlData<{ webapp_table_rows: unknown[] }>(
      sandbox,
      jwt,
      `{ webapp_table_rows(where: {webapp_table_id: {_eq: ${one.id}}}) { id } }`,
    )
    expect(left.webapp_table_rows).toEqual([])

    const two = await create()
    expect((await rest(sandbox, ana(), 'DELETE', '/apps/webapp_tables', { id: two.id })).status).toBe(204)
    expect((await rest(sandbox, ana(), 'DELETE', '/apps/webapp_tables', {})).status).toBe(400)
    expect((await rest<Table[]>(sandbox, ana(), 'GET', '/apps/webapp_tables')).body.map((t) => t.name)).toEqual(['Tarifas de envío'])
  })

  it('keeps tables and rows to their entity, in REST and GraphQL', async () => {
    const created = await create()
    await rest(sandbox, ana(), 'POST', `/apps/webapp_tables/${created.id}/webapp_rows.json`, {
      webapp_row: { data: { Ruta: 'x', Costo: 1 } },
    })
    await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })
    expect((await rest<Table[]>(sandbox, ana(), 'GET', '/apps/webapp_tables')).body).toEqual([])
    expect((await rest(sandbox, ana(), 'GET', `/apps/webapp_tables/${created.id}/webapp_rows.json`)).status).toBe(404)
    const jwt = await graphqlToken(sandbox, ana())
    expect((await gqlData<{ webapp_table_rows: unknown[] }>(sandbox, jwt, '{ webapp_table_rows { id } }')).webapp_table_rows).toEqual([])
  })

  it('refuses bodies without their root key, bad paging and unknown tables or rows', async () => {
    const [seeded] = (await rest<Table[]>(sandbox, ana(), 'GET', '/apps/webapp_tables')).body
    const rows = `/apps/webapp_tables/${seeded!.id}/webapp_rows`
    expect((await rest(sandbox, ana(), 'POST', '/apps/webapp_tables', { name: 'x' })).body).toEqual({
      error: 'param is missing or the value is empty: webapp_table',
    })
    expect((await rest(sandbox, ana(), 'PATCH', `/apps/webapp_tables/${seeded!.id}`, {})).status).toBe(400)
    expect((await rest(sandbox, ana(), 'POST', `${rows}.json`, { data: { Destino: 'x' } })).body).toEqual({
      error: 'param is missing or the value is empty: webapp_row',
    })
    expect((await rest(sandbox, ana(), 'POST', `${rows}.json`, { webapp_row: { data: ['x'] } })).body).toEqual({ data: ['no es válido'] })
    expect((await rest(sandbox, ana(), 'GET', `${rows}.json?page=0`)).status).toBe(422)
    expect((await rest(sandbox, ana(), 'GET', `${rows}.json?per_page=abc`)).status).toBe(422)
    expect((await rest(sandbox, ana(), 'GET', '/apps/webapp_tables/999999')).status).toBe(404)
    expect((await rest(sandbox, ana(), 'GET', '/apps/webapp_tables/999999/webapp_rows.json')).status).toBe(404)
    expect((await rest(sandbox, ana(), 'PATCH', `${rows}/999999.json`, { webapp_row: { data: {} } })).status).toBe(404)
    expect((await rest(sandbox, ana(), 'DELETE', `${rows}/abc`)).status).toBe(404)
    expect((await rest<Row[]>(sandbox, ana(), 'GET', `${rows}.json`)).body).toHaveLength(3)
  })
})
