import { buildClientSchema, getIntrospectionQuery, GraphQLObjectType, type IntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { AppError } from '@shared/errors'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let h: CoreHarness
beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
})
beforeEach(() => sandbox.reset())
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

describe('profile changes', () => {
  it('saves name, phone, language and time zone, and the profile read back shows them', async () => {
    const who = await h.call('profile.update', {
      name: 'Ana María',
      mobilePhone: '+502 5555 1234',
      language: 'en',
      timeZone: 'America/Costa_Rica',
    })
    expect(who.profile).toMatchObject({ name: 'Ana María', language: 'en', timeZone: 'America/Costa_Rica' })
    expect((await h.call('profile.whoami')).profile.name).toBe('Ana María')
  })

  it('an unknown time zone is a validation error on that field, and nothing changes', async () => {
    const err = await refusal(h.call('profile.update', { name: 'Otra', timeZone: 'Mars/Olympus' }))
    expect(err.code).toBe('validation')
    expect(Object.keys(err.fields)).toEqual(['timeZone'])
    expect((await h.call('profile.whoami')).profile.name).toBe(sandbox.users[0]!.name)
  })

  it('a blank name never leaves the app', async () => {
    const err = await refusal(h.call('profile.update', { name: '  ' }))
    expect(err.code).toBe('bad_input')
    expect(err.fields.name).toBeDefined()
  })
})

describe('piecework type groups', () => {
  it('creates a group though the service answers only an address, and returns it with its id', async () => {
    const created = await h.call('pieceworkGroups.create', { name: 'Lijado', idNumber: 'LIJ', description: '' })
    expect(created).toMatchObject({ name: 'Lijado', idNumber: 'LIJ', description: null, entityId: 101 })
    expect(created.id).toBeGreaterThan(0)
    expect((await h.call('pieceworkGroups.list')).map((g) => g.name)).toContain('Lijado')
  })

  it('updates (the service answers 204) and returns the group as the service kept it, ids as numbers', async () => {
    const [first] = await h.call('pieceworkGroups.list')
    const updated = await h.call('pieceworkGroups.update', { id: first!.id, changes: { description: 'Por pieza terminada' } })
    expect(updated).toMatchObject({ id: first!.id, name: first!.name, description: 'Por pieza terminada' })
    expect(typeof updated.entityId).toBe('number')
    expect(updated.updatedAt).toMatch(/Z$/)
  })

  it('a duplicate name is a validation error on name', async () => {
    const err = await refusal(h.call('pieceworkGroups.create', { name: 'Pintura' }))
    expect(err.code).toBe('validation')
    expect(err.fields).toEqual({ name: ['ya está en uso'] })
  })

  it('deletes, and the group is then not found', async () => {
    const [first] = await h.call('pieceworkGroups.list')
    expect(await h.call('pieceworkGroups.delete', { id: first!.id })).toEqual({ deleted: true })
    expect((await refusal(h.call('pieceworkGroups.get', { id: first!.id }))).code).toBe('not_found')
  })
})

describe('document structures', () => {
  it("gives a type's fields as a list with type, required and default", async () => {
    const s = await h.call('documentStructures.get', { type: 'contract' })
    expect(s.fields).toContainEqual({ name: 'infinite', type: 'boolean', required: true, default: false })
    expect(s.fields).toContainEqual({ name: 'taxable', type: 'boolean', required: true, default: true })
  })

  it('refuses a type the contract does not know before asking the service', async () => {
    expect((await refusal(h.call('documentStructures.get', { type: 'receipt' as 'contract' }))).code).toBe('bad_input')
  })
})

describe('dynamic tables', () => {
  it('creates a table, adds rows and reads them back through GraphQL', async () => {
    const table = await h.call('dynamicTables.create', {
      name: 'Fletes',
      columns: [
        { name: 'Ruta', type: 'text' },
        { name: 'Costo', type: 'number' },
      ],
    })
    expect(table.columns).toEqual([
      { name: 'Ruta', type: 'text' },
      { name: 'Costo', type: 'number' },
    ])
    const a = await h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Norte', Costo: 12.5 } })
    const b = await h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Sur', Costo: 7 } })
    const { rows, table: again } = await h.call('dynamicTables.rows', { id: table.id })
    expect(again.name).toBe('Fletes')
    expect(rows).toEqual([
      { id: a.id, data: { Ruta: 'Norte', Costo: 12.5 } },
      { id: b.id, data: { Ruta: 'Sur', Costo: 7 } },
    ])
  })

  it('edits and deletes rows; a text in a number column is refused on that column', async () => {
    const [seeded] = await h.call('dynamicTables.list')
    const { rows } = await h.call('dynamicTables.rows', { id: seeded!.id })
    const edited = await h.call('dynamicTables.updateRow', { tableId: seeded!.id, rowId: rows[0]!.id, data: { Tarifa: 30 } })
    expect(edited.data).toEqual({ Destino: 'Zona 1', Tarifa: 30 })
    await h.call('dynamicTables.deleteRow', { tableId: seeded!.id, rowId: rows[1]!.id })
    const err = await refusal(h.call('dynamicTables.addRow', { tableId: seeded!.id, data: { Tarifa: 'caro' } }))
    expect(err.fields).toEqual({ Tarifa: ['no es un número'] })
    expect((await h.call('dynamicTables.rows', { id: seeded!.id })).rows.map((r) => r.id)).toEqual([rows[0]!.id, rows[2]!.id])
  })

  it('reads rows holding booleans (written by another app) and edits one cell without rewriting the others', async () => {
    const table = await h.call('dynamicTables.create', {
      name: 'Revisado',
      columns: [
        { name: 'Nota', type: 'text' },
        { name: 'Monto', type: 'number' },
      ],
    })
    const row = await h.call('dynamicTables.addRow', { tableId: table.id, data: { Nota: true, Monto: false } })
    expect((await h.call('dynamicTables.rows', { id: table.id })).rows).toEqual([{ id: row.id, data: { Nota: true, Monto: false } }])
    await h.call('dynamicTables.updateRow', { tableId: table.id, rowId: row.id, data: { Monto: 12 } })
    expect((await h.call('dynamicTables.rows', { id: table.id })).rows).toEqual([{ id: row.id, data: { Nota: true, Monto: 12 } }])
  })

  it('renames and deletes a table', async () => {
    const table = await h.call('dynamicTables.create', { name: 'Temporal', columns: [{ name: 'A', type: 'text' }] })
    expect((await h.call('dynamicTables.rename', { id: table.id, name: 'Definitiva' })).name).toBe('Definitiva')
    await h.call('dynamicTables.delete', { id: table.id })
    expect((await h.call('dynamicTables.list')).map((t) => t.name)).toEqual(['Tarifas de envío'])
  })

  it('refuses two columns with one name before asking the service', async () => {
    const err = await refusal(
      h.call('dynamicTables.create', {
        name: 'X',
        columns: [
          { name: 'a', type: 'text' },
          { name: 'A', type: 'number' },
        ],
      }),
    )
    expect(err.code).toBe('bad_input')
  })
})

describe('the GraphQL console', () => {
  it('gets the schema the editor completes from, with dynamic table rows and their JSON data', async () => {
    const answer = await h.call('graphql.query', { query: getIntrospectionQuery() })
    expect(answer.errors).toBeNull()
    const schema = buildClientSchema(answer.data as IntrospectionQuery)
    expect(schema.getQueryType()!.getFields().webapp_table_rows).toBeDefined()
    const rowType = schema.getType('webapp_table_rows')
    expect(rowType).toBeInstanceOf(GraphQLObjectType)
    expect(String((rowType as GraphQLObjectType).getFields().data!.type)).toBe('jsonb!')
  })
})

describe('the GraphQL token', () => {
  it('tells when access expires, about five days ahead, without the token', async () => {
    const validity = await h.call('graphql.tokenValidity')
    expect(Object.keys(validity)).toEqual(['expiresAt'])
    const left = Date.parse(validity.expiresAt) - Date.now()
    expect(left).toBeGreaterThan(4.9 * 24 * 3600_000)
    expect(left).toBeLessThanOrEqual(5 * 24 * 3600_000)
  })
})
