import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { rest } from './sandboxClient'

interface Group {
  id: number | string
  zid: number | string
  name: string | null
  id_number: string | null
  description: string | null
  entity_id: number | string
  created_at: string | null
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const base = '/payroll/settings/piecework_type_groups'
const list = async () => (await rest<Group[]>(sandbox, ana(), 'GET', `${base}.json`)).body

describe('piecework type groups', () => {
  it("lists the current entity's groups with numeric ids and ISO timestamps", async () => {
    const res = await rest<Group[]>(sandbox, ana(), 'GET', `${base}.json`)
    expect(res.status).toBe(200)
    expect(res.body.map((g) => g.name)).toEqual(['Armado de muebles', 'Corte de madera', 'Pintura'])
    expect(typeof res.body[0]!.id).toBe('number')
    expect(res.body[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('shows and edits a group as a detail response: ids as strings, zone-less timestamps', async () => {
    const first = (await list())[0]!
    for (const path of [`${base}/${first.id}.json`, `${base}/${first.id}/edit.json`]) {
      const res = await rest<Group>(sandbox, ana(), 'GET', path)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: String(first.id), name: first.name, id_number: 'ARM' })
      expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/)
    }
  })

  it('new gives an empty group with only entity_id filled', async () => {
    const res = await rest<Group>(sandbox, ana(), 'GET', `${base}/new.json`)
    expect(res.status).toBe(200)
    const { entity_id, ...rest_ } = res.body
    expect(entity_id).toBe(101)
    expect(Object.values(rest_).every((v) => v === null)).toBe(true)
  })

  it('create answers 201 with a JSON string holding the address of the list, and the group is listed', async () => {
    const res = await rest<unknown>(sandbox, ana(), 'POST', `${base}.json`, {
      piecework_type_group: { name: 'Lijado', id_number: 'LIJ', description: 'Por puerta' },
    })
    expect(res.status).toBe(201)
    expect(typeof res.body).toBe('string')
    expect(res.body).toBe(`${sandbox.url}${base}`)
    const created = (await list()).find((g) => g.name === 'Lijado')
    expect(created).toMatchObject({ id_number: 'LIJ', description: 'Por puerta', zid: 4, entity_id: 101 })
  })

  it('update answers 204 without a body and changes only what it names', async () => {
    const first = (await list())[0]!
    const res = await fetch(`${sandbox.url}${base}/${first.id}.json`, {
      method: 'PUT',
      headers: { 'X-User-Email': ana().email, 'X-User-Token': ana().token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ piecework_type_group: { description: 'Nueva descripción' } }),
    })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const after = (await list()).find((g) => g.id === first.id)!
    expect(after).toMatchObject({ name: first.name, id_number: first.id_number, description: 'Nueva descripción' })
  })

  it('refuses a blank or duplicate name on create and update, changing nothing', async () => {
    const blank = await rest(sandbox, ana(), 'POST', `${base}.json`, { piecework_type_group: { name: '  ' } })
    expect(blank.status).toBe(422)
    expect(blank.body).toEqual({ name: ['no puede estar en blanco'] })
    const duplicate = await rest(sandbox, ana(), 'POST', `${base}.json`, { piecework_type_group: { name: 'pintura' } })
    expect(duplicate.body).toEqual({ name: ['ya está en uso'] })
    const first = (await list())[0]!
    const update = await rest(sandbox, ana(), 'PUT', `${base}/${first.id}.json`, { piecework_type_group: { name: '' } })
    expect(update.status).toBe(422)
    expect(update.body).toEqual({ name: ['no puede estar en blanco'] })
    expect((await list()).map((g) => g.name)).toEqual(['Armado de muebles', 'Corte de madera', 'Pintura'])
  })

  it('PATCH updates like PUT, answering 204', async () => {
    const first = (await list())[0]!
    const res = await rest(sandbox, ana(), 'PATCH', `${base}/${first.id}.json`, { piecework_type_group: { id_number: 'A-1' } })
    expect(res.status).toBe(204)
    expect((await list()).find((g) => g.id === first.id)!.id_number).toBe('A-1')
  })

  it('refuses a body without its root key', async () => {
    const res = await rest(sandbox, ana(), 'POST', `${base}.json`, { name: 'x' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'param is missing or the value is empty: piecework_type_group' })
  })

  it('delete answers 204, and the group is gone; an unknown id is 404', async () => {
    const first = (await list())[0]!
    const res = await rest(sandbox, ana(), 'DELETE', `${base}/${first.id}.json`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expect((await list()).some((g) => g.id === first.id)).toBe(false)
    expect((await rest(sandbox, ana(), 'GET', `${base}/${first.id}.json`)).status).toBe(404)
    expect((await rest(sandbox, ana(), 'DELETE', `${base}/${first.id}.json`)).status).toBe(404)
  })

  it("shows only the current entity's groups", async () => {
    const mine = await list()
    expect((await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })).status).toBe(200)
    const theirs = await list()
    expect(theirs.map((g) => g.name)).toEqual(['Carga de camiones'])
    expect((await rest(sandbox, ana(), 'GET', `${base}/${mine[0]!.id}.json`)).status).toBe(404)
  })
})
