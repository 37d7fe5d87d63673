import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { cli } from '../../support/cliRun'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const asAna = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })
const run = (...args: string[]) => cli(['--server', sandbox.url, ...args], asAna())
const json = async (...args: string[]) => {
  const res = await run('--json', ...args)
  expect(res.code, res.stdout + res.stderr).toBe(0)
  return JSON.parse(res.stdout)
}

describe('mostrador profile', () => {
  it('show prints the profile; update changes language and time zone', async () => {
    expect((await run('profile', 'show')).stdout).toMatch(/Ana López <ana\.lopez@mostrador\.test>/)
    const who = await json('profile', 'update', '--language', 'en', '--time-zone', 'America/Costa_Rica', '--mobile-phone', '+502 1111 2222')
    expect(who.profile).toMatchObject({ language: 'en', timeZone: 'America/Costa_Rica' })
    expect((await run('profile', 'show')).stdout).toMatch(/language en, time zone America\/Costa_Rica/)
  })

  it("refuses an unknown zone with the service's words and exit 1; no option is a usage error", async () => {
    const bad = await run('profile', 'update', '--time-zone', 'Mars/Olympus')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/timeZone: /)
    expect((await run('profile', 'update')).code).toBe(2)
    expect((await run('profile', 'update', '--language', 'fr')).code).toBe(2)
  })
})

describe('mostrador piecework-groups', () => {
  it('creates, shows, updates and deletes a group', async () => {
    const created = await json('piecework-groups', 'create', '--name', 'Lijado', '--code', 'LIJ', '--description', 'Por puerta')
    expect(created).toMatchObject({ name: 'Lijado', idNumber: 'LIJ', description: 'Por puerta' })
    expect((await run('piecework-groups', 'list')).stdout).toMatch(/LIJ\s+Lijado {2}— Por puerta/)
    const updated = await json('piecework-groups', 'update', String(created.id), '--description', '')
    expect(updated.description).toBeNull()
    expect((await run('piecework-groups', 'show', String(created.id))).stdout).toMatch(/description: -/)
    expect((await run('piecework-groups', 'delete', String(created.id))).code).toBe(0)
    const gone = await run('piecework-groups', 'show', String(created.id))
    expect(gone.code).toBe(1)
  })

  it('a duplicate name exits 1 naming the field', async () => {
    const res = await run('piecework-groups', 'create', '--name', 'Pintura')
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/name: ya está en uso/)
  })
})

describe('mostrador documents structure', () => {
  it('lists the fields of a type; an unknown type is a usage error', async () => {
    const res = await run('documents', 'structure', 'contract')
    expect(res.stdout).toMatch(/infinite\s+boolean\s+required\s+default false/)
    expect((await run('documents', 'structure', 'receipt')).code).toBe(2)
  })
})

describe('mostrador tables', () => {
  it('creates a table, adds rows, reads them through GraphQL, renames and deletes it', async () => {
    const t = await json('tables', 'create', '--name', 'Fletes', '--column', 'Ruta:text', '--column', 'Costo:number')
    expect(t.columns).toEqual([
      { name: 'Ruta', type: 'text' },
      { name: 'Costo', type: 'number' },
    ])
    expect((await run('tables', 'add-row', String(t.id), '--data', '{"Ruta": "Norte", "Costo": 12.5}')).code).toBe(0)
    const rows = await json('tables', 'rows', String(t.id))
    expect(rows.rows.map((r: { data: unknown }) => r.data)).toEqual([{ Ruta: 'Norte', Costo: 12.5 }])
    expect((await run('tables', 'rows', String(t.id))).stdout).toMatch(/Ruta\s+Costo\n\d+\s+Norte\s+12\.5/)
    expect((await json('tables', 'update', String(t.id), '--name', 'Fletes 2025')).name).toBe('Fletes 2025')
    // The row count is the sandbox's (an extension): a real service's table shows none, and the list says nothing of it.
    const listed = (await run('tables', 'list')).stdout
    if (sandbox.extensions) expect(listed).toMatch(/Fletes 2025 {2}\(Ruta:text, Costo:number\) {2}1 rows/)
    else expect(listed).toMatch(/Fletes 2025 {2}\(Ruta:text, Costo:number\)\n/)
    expect((await run('tables', 'delete', String(t.id))).code).toBe(0)
    expect((await run('tables', 'list')).stdout).not.toMatch(/Fletes/)
  })

  it('refuses a text in a number column (exit 1) and bad arguments (exit 2)', async () => {
    const [seeded] = await json('tables', 'list')
    const res = await run('tables', 'add-row', String(seeded.id), '--data', '{"Tarifa": "caro"}')
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/Tarifa: no es un número/)
    expect((await run('tables', 'add-row', String(seeded.id), '--data', '{bad')).code).toBe(2)
    expect((await run('tables', 'create', '--name', 'X', '--column', 'A:date')).code).toBe(2)
    expect((await run('tables', 'create', '--name', 'X')).code).toBe(2)
    expect((await run('tables', 'rows', 'abc')).code).toBe(2)
  })
})
