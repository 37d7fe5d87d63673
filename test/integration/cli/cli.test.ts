import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src-main/cli/program'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { cli } from '../../support/cliRun'
import { sandboxExtensions } from '../../support/sandboxMode'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const asUser = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })

describe('the mostrador command', () => {
  it('whoami --json prints one JSON document with numbers for ids', async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'whoami'], asUser())
    expect(res.code).toBe(0)
    const who = JSON.parse(res.stdout)
    expect(who.profile.email).toBe(sandbox.users[0]!.email)
    expect(typeof who.profile.id).toBe('number')
    expect(who.memberships.length).toBeGreaterThanOrEqual(2)
  })

  it('entity use switches the current entity', async () => {
    const who = JSON.parse((await cli(['--server', sandbox.url, '--json', 'whoami'], asUser())).stdout)
    const other = who.memberships.find((m: { current: boolean }) => !m.current)
    const res = await cli(['--server', sandbox.url, '--json', 'entity', 'use', String(other.entity.id)], asUser())
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).currentEntity.id).toBe(other.entity.id)
    await cli(['--server', sandbox.url, 'entity', 'use', String(who.currentEntity.id)], asUser())
  })

  it('graphql runs a query', async () => {
    const res = await cli(
      ['--server', sandbox.url, '--json', 'graphql', 'query($n: Int!) { items(limit: $n) { id code } }', '--variables', '{"n": 2}'],
      asUser(),
    )
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).data.items).toHaveLength(2)
  })

  it('a wrong token exits 1 with the error as JSON', async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'whoami'], {
      MOSTRADOR_EMAIL: sandbox.users[0]!.email,
      MOSTRADOR_TOKEN: 'nope',
    })
    expect(res.code).toBe(1)
    expect(JSON.parse(res.stdout)).toMatchObject({ error: { code: 'unauthorized', message: expect.any(String) } })
  })

  it('signed out, it says how to sign in', async () => {
    const res = await cli(['whoami'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/sign in|login/i)
  })

  it('an unknown command or a bad argument exits 2', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2)
    expect((await cli(['entity', 'use', 'abc'], asUser())).code).toBe(2)
    expect((await cli(['graphql', '{ x }', '--variables', '{bad'], asUser())).code).toBe(2)
    expect((await cli(['login', '--email', 'a@b.co'])).code).toBe(2)
  })

  it('bad --variables JSON is reported as a usage error in --json mode too', async () => {
    const res = await cli(['--json', 'graphql', '{ x }', '--variables', '{bad'], asUser())
    expect(res.code).toBe(2)
    expect(JSON.parse(res.stdout)).toMatchObject({ error: { code: 'usage' } })
  })
})

describe('mostrador sandbox', () => {
  it('prints its address and the demo users as one JSON line, serves them, and stops on Ctrl+C', async () => {
    let stdout = ''
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
    try {
      const running = runCli(['--json', 'sandbox', '--port', '0'], {})
      while (!stdout.includes('\n')) await new Promise((r) => setTimeout(r, 20))
      expect(stdout.trim().split('\n')).toHaveLength(1)
      const { url, users } = JSON.parse(stdout) as { url: string; users: { email: string; token: string }[] }
      const res = await fetch(`${url}/profile.json`, {
        headers: { 'X-User-Email': users[0]!.email, 'X-User-Token': users[0]!.token, Accept: 'application/json' },
      })
      expect(res.status).toBe(200)
      process.emit('SIGINT')
      expect(await running).toBe(0)
      await expect(fetch(`${url}/profile.json`)).rejects.toThrow()
    } finally {
      out.mockRestore()
    }
  })
})

describe('mostrador sync and bundles', () => {
  const facts = bundleFacts[101]
  const dir = tempDir()
  const as = (args: string[]) => cli(['--server', sandbox.url, ...args], asUser(), dir)

  it('sync pulls the catalogue; list and show then answer from the cache', async () => {
    const sync = await as(['--json', 'sync'])
    expect(sync.code).toBe(0)
    expect(JSON.parse(sync.stdout).counts.bundles).toBeGreaterThan(50)
    expect(JSON.parse(sync.stdout).capabilities).toEqual({ tags: sandboxExtensions, itemBarcodes: sandboxExtensions, bundleColumns: true })
    const human = await as(['sync'])
    expect(human.stdout).toMatch(/Catalogue as of/)
    // Without the extensions it says what this server does not offer, instead of silently showing less.
    expect(/Tags are not available on this server/.test(human.stdout)).toBe(!sandboxExtensions)
    expect(/Items' own barcodes are not available/.test(human.stdout)).toBe(!sandboxExtensions)
    const list = await as(['--json', 'bundles', 'list', '--search', facts.withMovements.ean13])
    expect(list.code).toBe(0)
    expect(JSON.parse(list.stdout).rows[0]).toMatchObject({ id: facts.withMovements.id, ean13: facts.withMovements.ean13 })
    const show = await as(['--json', 'bundles', 'show', String(facts.withMovements.id)])
    expect(JSON.parse(show.stdout)).toMatchObject({ id: facts.withMovements.id, source: 'cache', components: expect.any(Array) })
    const byTag = await as(['bundles', 'list', '--tag', facts.tags[0]!])
    expect(byTag.stdout).toMatch(/of \d+/)
    expect(/Tags are not available on this server/.test(byTag.stdout)).toBe(!sandboxExtensions)
    // Without tags on the server, the cache has none: a tag filter finds nothing, and the status says why.
    expect(JSON.parse((await as(['--json', 'bundles', 'list', '--tag', facts.tags[0]!])).stdout).total > 0).toBe(sandboxExtensions)
  })

  it('bundles list --online reads the service, filtered by tag there', async () => {
    const res = await as(['--json', 'bundles', 'list', '--online', '--tag', facts.tags[0]!])
    expect(res.code).toBe(0)
    const list = JSON.parse(res.stdout) as { id: number; tags: string[]; createdAt: string }[]
    expect(list.length).toBeGreaterThan(0)
    // In our names, as every other --json answer (the service's own are mapped in core/api).
    expect(Object.keys(list[0]!)).toEqual(expect.arrayContaining(['categoryBundle', 'createdAt', 'paysVat']))
    expect(Object.keys(list[0]!).some((k) => k.includes('_'))).toBe(false)
    const all = JSON.parse((await as(['--json', 'bundles', 'list', '--online'])).stdout) as unknown[]
    expect(list.length).toBeLessThan(all.length)
    // The tag filter is the spec's; tags on each bundle only where the sandbox serves its extensions.
    if (sandboxExtensions) expect(list.every((b) => b.tags.includes(facts.tags[0]!))).toBe(true)
    else expect(list.every((b) => b.tags.length === 0)).toBe(true)
  })

  it('create refuses a duplicate code with the field named, then creates; delete refuses a bundle with movements', async () => {
    const item = JSON.parse((await as(['--json', 'graphql', '{ items(limit: 1) { id } }'])).stdout).data.items[0].id
    const dup = await as(['--json', 'bundles', 'create', '--code', facts.withMovements.code, '--name', 'Otro', '--component', `${item}:2`])
    expect(dup.code).toBe(1)
    expect(JSON.parse(dup.stdout).error).toMatchObject({ code: 'validation', fields: { code: expect.any(Array) } })
    const ok = await as(['--json', 'bundles', 'create', '--code', 'CLI-KIT-1', '--name', 'Kit de consola', '--component', `${item}:2`])
    expect(ok.code).toBe(0)
    const created = JSON.parse(ok.stdout)
    expect(created).toMatchObject({ code: 'CLI-KIT-1', components: [expect.objectContaining({ itemId: item })] })
    const upd = await as(['--json', 'bundles', 'update', String(created.id), '--component', `${created.components[0].id}:5`])
    expect(JSON.parse(upd.stdout).components[0].quantity).toMatch(/^5/)
    const del = await as(['bundles', 'delete', String(facts.withMovements.id)])
    expect(del.code).toBe(1)
    expect(del.stderr).toMatch(/movimientos/i)
    expect((await as(['bundles', 'delete', String(created.id)])).code).toBe(0)
  })

  it('export writes the file; import refuses bad rows naming them; bad arguments exit 2', async () => {
    const out = join(tempDir(), 'lista.xlsx')
    expect((await as(['bundles', 'export', out, '--tag', facts.tags[0]!])).code).toBe(0)
    expect(existsSync(out)).toBe(true)
    const bad = join(tempDir(), 'malo.csv')
    writeFileSync(bad, 'code,name\n,Sin código\n')
    const imp = await as(['bundles', 'import', bad])
    expect(imp.code).toBe(1)
    expect(imp.stderr).toMatch(/row 2/)
    expect((await as(['bundles', 'export', join(tempDir(), 'lista.pdf')])).code).toBe(2)
    expect((await as(['bundles', 'list', '--active', 'maybe'])).code).toBe(2)
    expect((await as(['bundles', 'show', 'abc'])).code).toBe(2)
    expect((await as(['bundles', 'dynamic-items', '--bundle', String(facts.dynamic.id), '--json'])).code).toBe(0)
  })
})

describe('mostrador bookings and outbox', () => {
  const dir = tempDir()
  const as = (args: string[]) => cli(['--server', sandbox.url, ...args], asUser(), dir)

  it('queues a booking, sync sends it, and list shows it synced with its service id', async () => {
    expect((await as(['sync'])).code).toBe(0)
    const who = JSON.parse((await as(['--json', 'whoami'])).stdout)
    const q = JSON.parse(
      (
        await as([
          '--json',
          'graphql',
          'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } agencies { id } }',
          '--variables',
          JSON.stringify({ a: who.agency.id }),
        ])
      ).stdout,
    ).data
    const to = q.agencies.find((a: { id: number }) => a.id !== who.agency.id).id
    const created = await as([
      '--json',
      'bookings',
      'create',
      '--to',
      String(to),
      '--line',
      `${q.lot_stocks[0].lot.item_id}:1`,
      '--reference',
      'CLI-1',
    ])
    expect(created.code).toBe(0)
    const local = JSON.parse(created.stdout)
    expect(local).toMatchObject({ state: 'pending', serviceId: null, reference: 'CLI-1' })
    const sync = await as(['sync'])
    expect(sync.code).toBe(0)
    expect(sync.stderr).toMatch(/1 sent/)
    // The pull's progress in words, with how far along it is: `  0% reference data`, ` 40% stock: 12 received`.
    expect(sync.stderr).toMatch(/^ {2}0% reference data$/m)
    expect(sync.stderr).toMatch(/^ {0,2}\d{1,2}% (items|stock|bundles): [\d,]+ (of [\d,]+|received)$/m)
    const shown = JSON.parse((await as(['--json', 'bookings', 'show', local.localId])).stdout)
    expect(shown).toMatchObject({ state: 'synced', serviceId: expect.any(Number) })
    expect(JSON.parse((await as(['--json', 'outbox', 'list'])).stdout)).toEqual([])
    expect((await as(['bookings', 'ship', String(shown.serviceId)])).code).toBe(0)
    expect(JSON.parse((await as(['--json', 'outbox', 'list'])).stdout)).toEqual([expect.objectContaining({ op: 'ship', state: 'queued' })])
  })

  it('keeps a draft here until it is submitted, then sends it', async () => {
    const who = JSON.parse((await as(['--json', 'whoami'])).stdout)
    const q = JSON.parse(
      (
        await as([
          '--json',
          'graphql',
          'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } agencies { id } }',
          '--variables',
          JSON.stringify({ a: who.agency.id }),
        ])
      ).stdout,
    ).data
    const to = q.agencies.find((a: { id: number }) => a.id !== who.agency.id).id
    const created = await as([
      'bookings',
      'create',
      '--draft',
      '--to',
      String(to),
      '--line',
      `${q.lot_stocks[0].lot.item_id}:1`,
      '--reference',
      'CLI-draft',
    ])
    expect(created.code).toBe(0)
    const localId = /Kept draft ([0-9a-f-]{36})/.exec(created.stdout)?.[1]
    expect(localId).toBeDefined()
    expect(JSON.parse((await as(['--json', 'outbox', 'list'])).stdout).some((e: { localId: string }) => e.localId === localId)).toBe(false)
    expect(JSON.parse((await as(['--json', 'bookings', 'submit', localId!])).stdout)).toMatchObject({ state: 'pending' })
    expect((await as(['sync'])).code).toBe(0)
    expect(JSON.parse((await as(['--json', 'bookings', 'show', localId!])).stdout)).toMatchObject({
      state: 'synced',
      serviceId: expect.any(Number),
      reference: 'CLI-draft',
    })
  })

  it('expands a static bundle into its components times the bundles booked, as the counter does', async () => {
    const who = JSON.parse((await as(['--json', 'whoami'])).stdout)
    const q = JSON.parse((await as(['--json', 'graphql', '{ agencies { id } }'])).stdout).data
    const to = q.agencies.find((a: { id: number }) => a.id !== who.agency.id).id
    const facts = bundleFacts[101]
    const bundle = JSON.parse((await as(['--json', 'bundles', 'show', String(facts.withMovements.id)])).stdout) as {
      components: { itemId: number; quantity: string }[]
    }
    expect(bundle.components.length).toBeGreaterThan(0)
    const created = await as(['--json', 'bookings', 'create', '--draft', '--to', String(to), '--bundle', `${facts.withMovements.id}:1.5`])
    expect(created.code).toBe(0)
    const lines = (JSON.parse(created.stdout) as { lines: { itemId: number; bookedQuantity: string; bundleId: number | null }[] }).lines
    expect(lines.map((l) => [l.itemId, l.bookedQuantity, l.bundleId])).toEqual(
      bundle.components.map((c) => [c.itemId, new Decimal(c.quantity).times('1.5').toString(), facts.withMovements.id]),
    )
    expect((await as(['bookings', 'create', '--to', String(to), '--bundle', `${facts.withMovements.id}:0`])).code).toBe(2)
  })

  it("refuses an inactive bundle with the reason, as the counter's scan does", async () => {
    const q = JSON.parse(
      (await as(['--json', 'graphql', '{ agencies { id } bundles(where: {active: {_eq: false}}, limit: 1) { id } }'])).stdout,
    ).data
    const inactive = q.bundles[0] as { id: number } | undefined
    expect(inactive, 'the seed has inactive bundles').toBeDefined()
    const refused = await as(['bookings', 'create', '--draft', '--to', String(q.agencies[0].id), '--bundle', `${inactive!.id}:1`])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/inactive/)
  })

  it('delivers a shipment in transit as counted (--count, --note) and voids a booking', async () => {
    const who = JSON.parse((await as(['--json', 'whoami'])).stdout)
    const q = JSON.parse(
      (
        await as([
          '--json',
          'graphql',
          'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 10}}, limit: 1) { lot { item_id } } agencies { id } }',
          '--variables',
          JSON.stringify({ a: who.agency.id }),
        ])
      ).stdout,
    ).data
    const to = q.agencies.find((a: { id: number }) => a.id !== who.agency.id).id
    const item = q.lot_stocks[0].lot.item_id as number
    const book = async () => JSON.parse((await as(['--json', 'bookings', 'create', '--to', String(to), '--line', `${item}:3`])).stdout)
    const shipped = await book()
    expect((await as(['sync'])).code).toBe(0)
    expect((await as(['bookings', 'ship', shipped.localId])).code).toBe(0)
    expect((await as(['sync'])).code).toBe(0)
    expect((await as(['bookings', 'deliver', shipped.localId, '--count', 'x'])).code).toBe(2)
    const delivered = await as(['--json', 'bookings', 'deliver', shipped.localId, '--count', `${item}=2`, '--note', 'faltó una'])
    expect(delivered.code).toBe(0)
    expect(JSON.parse((await as(['--json', 'outbox', 'list'])).stdout)).toEqual([expect.objectContaining({ op: 'deliver' })])
    expect((await as(['sync'])).code).toBe(0)
    const serviceIdOf = async (localId: string) =>
      JSON.parse((await as(['--json', 'bookings', 'show', localId])).stdout).serviceId as number
    const voided = await book()
    expect((await as(['sync'])).code).toBe(0)
    const ids = [await serviceIdOf(shipped.localId), await serviceIdOf(voided.localId)]
    expect((await as(['bookings', 'void', voided.localId])).code).toBe(0)
    expect((await as(['sync'])).code).toBe(0)
    const read = JSON.parse(
      (
        await as([
          '--json',
          'graphql',
          'query($a: bigint!, $b: bigint!) { a: shipments(where: {id: {_eq: $a}}) { delivered memo movements { delivered_quantity } } b: shipments(where: {id: {_eq: $b}}) { voided } }',
          '--variables',
          JSON.stringify({ a: ids[0], b: ids[1] }),
        ])
      ).stdout,
    ).data
    expect(read.a[0]).toMatchObject({ delivered: true, movements: [{ delivered_quantity: 2 }] })
    // The note follows what the memo held: the create's marker stays there.
    expect(read.a[0].memo).toMatch(/^mostrador:[0-9a-f]{12}\nfaltó una$/)
    expect(read.b[0]).toEqual({ voided: true })
  })

  it('refuses malformed lines with a usage error', async () => {
    expect((await as(['bookings', 'create', '--to', '3', '--line', 'abc'])).code).toBe(2)
    expect((await as(['bookings', 'create', '--to', '3'])).code).toBe(2)
    expect((await as(['outbox', 'retry', 'x'])).code).toBe(2)
  })
})
