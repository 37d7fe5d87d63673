import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueRow } from '@shared/catalogue'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { isGraphql } from '../../support/interceptingProxy'
import { useProxiedSession } from '../../support/proxiedSession'
import { sandboxExtensions } from '../../support/sandboxMode'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let h: CoreHarness

interface GqlBundle {
  id: number
  code: string
  name: string
  ean13: string | null
  active: boolean
  category_bundle: boolean
  tags: string[]
  bundle_details: { item_id: number; quantity: string }[]
}

async function gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await h.call('graphql.query', { query, variables })
  expect(res.errors).toBeNull()
  return res.data as T
}

/**
 * What the service holds, read the way the real service offers it in both
 * modes: the real GraphQL columns, the rest from the REST list (with `tags`
 * only where the sandbox serves its extensions).
 */
async function serviceBundles(): Promise<GqlBundle[]> {
  const { bundles } = await gql<{ bundles: Omit<GqlBundle, 'ean13' | 'category_bundle' | 'tags'>[] }>(
    '{ bundles(order_by: [{id: asc}]) { id code name active bundle_details { item_id quantity } } }',
  )
  const user = sandbox.users[0]!
  const res = await fetch(`${sandbox.url}/inventories/bundles.json`, {
    headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
  })
  const rest = new Map(
    ((await res.json()) as { id: number; ean13: string | null; category_bundle: boolean; tags?: string[] }[]).map((b) => [b.id, b]),
  )
  return bundles.map((b) => ({
    ...b,
    ean13: rest.get(b.id)!.ean13,
    category_bundle: rest.get(b.id)!.category_bundle,
    tags: rest.get(b.id)!.tags ?? [],
  }))
}

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir())
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('pulling the catalogue', () => {
  it('is empty and stale before the first pull', async () => {
    const status = await h.call('catalogue.status')
    expect(status).toMatchObject({ pulledAt: null, stale: true, counts: { bundles: 0 } })
    expect((await h.call('catalogue.search', {})).total).toBe(0)
  })

  it('brings every bundle, item and agency of the current entity, reporting progress', async () => {
    const status = await h.call('catalogue.pull')
    const rows = await gql<{ bundles: unknown[]; items: unknown[]; agencies: unknown[] }>('{ bundles { id } items { id } agencies { id } }')
    expect(status.counts).toEqual({ bundles: rows.bundles.length, items: rows.items.length, agencies: rows.agencies.length })
    expect(status.counts.bundles).toBeGreaterThan(50)
    expect(status.stale).toBe(false)
    expect(Date.now() - Date.parse(status.pulledAt!)).toBeLessThan(60_000)
    const progress = h.seen('catalogue.progress') as { phase: string; done: number; total: number | null }[]
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['items', 'bundles', 'done']))
    const bundlePages = progress.filter((p) => p.phase === 'bundles')
    expect(bundlePages.at(-1)!.done).toBe(rows.bundles.length)
    // Without row counts the progress shows rows done and no share of a total.
    expect(bundlePages.at(-1)!.total).toBe(sandboxExtensions ? rows.bundles.length : null)
    expect(h.seen('catalogue.changed').length).toBeGreaterThan(0)
  })

  it('keeps in each cached bundle the columns only the REST list gives (barcode, flags, weight, colour…), as the list gives them', async () => {
    const user = sandbox.users[0]!
    const res = await fetch(`${sandbox.url}/inventories/bundles.json`, {
      headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
    })
    const listed = (await res.json()) as Record<string, unknown>[]
    // The list's names (the service's) and ours for the same column.
    const columns = [
      ['ean13', 'ean13'],
      ['pays_vat', 'paysVat'],
      ['sellable', 'sellable'],
      ['category_bundle', 'categoryBundle'],
      ['weight', 'weight'],
      ['volume', 'volume'],
      ['measurement_unit', 'measurementUnit'],
      ['color', 'color'],
      ['created_at', 'createdAt'],
      ['zid', 'zid'],
    ] as const
    expect(listed.some((b) => b.weight !== null) && listed.some((b) => b.pays_vat === true) && listed.some((b) => b.color !== null)).toBe(
      true,
    )
    for (const b of listed) {
      const cached = (await h.call('bundles.get', { id: b.id as number })) as unknown as Record<string, unknown>
      const expected = Object.fromEntries(columns.map(([theirs]) => [theirs, b[theirs] === undefined ? null : b[theirs]]))
      expect({ id: b.id, ...Object.fromEntries(columns.map(([theirs, ours]) => [theirs, cached[ours]])) }).toEqual({
        id: b.id,
        ...expected,
      })
    }
  })

  it('stores with the snapshot what this server could give: tags and item barcodes only with the extensions', async () => {
    const status = await h.call('catalogue.status')
    expect(status.capabilities).toEqual({ tags: sandboxExtensions, itemBarcodes: sandboxExtensions, bundleColumns: true })
  })
})

describe('searching the cached catalogue', () => {
  let all: GqlBundle[]
  beforeAll(async () => {
    all = await serviceBundles()
  })

  it('puts the bundle with an exact barcode first (bundle barcodes come from the REST list)', async () => {
    const target = all.find((b) => b.ean13)!
    const { rows } = await h.call('catalogue.search', { query: target.ean13! })
    expect(rows[0]).toMatchObject({ id: target.id, ean13: target.ean13 })
    expect(await h.call('counter.scan', { code: target.ean13! })).toMatchObject({ kind: 'bundle', bundle: { id: target.id } })
  })

  it('scans an item by its own barcode only where the server has item barcodes; by its code always', async () => {
    // The same seed with extensions on shows the barcode the real service would not.
    const full = sandboxExtensions ? sandbox : await startSandbox({ extensions: true })
    let item: { id: number; code: string; ean13: string }
    try {
      const user = full.users[0]!
      const token = (await (
        await fetch(`${full.url}/apps/graphql.json`, { headers: { 'X-User-Email': user.email, 'X-User-Token': user.token } })
      ).json()) as { token: string }
      const res = await fetch(full.graphqlUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query: '{ items(where: {ean13: {_is_null: false}, active: {_eq: true}}, order_by: [{id: asc}], limit: 1) { id code ean13 } }',
        }),
      })
      item = ((await res.json()) as { data: { items: (typeof item)[] } }).data.items[0]!
    } finally {
      if (full !== sandbox) await full.close()
    }
    const byBarcode = await h.call('counter.scan', { code: item.ean13, kind: 'item' })
    if (sandboxExtensions) expect(byBarcode).toMatchObject({ kind: 'item', item: { item: { id: item.id } } })
    else expect(byBarcode).toEqual({ kind: 'unknown', code: item.ean13 })
    expect(await h.call('counter.scan', { code: item.code, kind: 'item' })).toMatchObject({ kind: 'item', item: { item: { id: item.id } } })
  })

  it('finds bundles by a code prefix, case-insensitively, exact code first', async () => {
    const target = all[3]!
    const { rows } = await h.call('catalogue.search', { query: target.code.toLowerCase() })
    expect(rows[0]!.id).toBe(target.id)
    const prefix = target.code.slice(0, Math.max(3, target.code.length - 2))
    const byPrefix = await h.call('catalogue.search', { query: prefix, limit: 500 })
    expect(byPrefix.rows.map((r) => r.id)).toContain(target.id)
  })

  it('finds bundles by words of the name, ignoring accents', async () => {
    const target = all.find((b) => /\p{L}{4,}/u.test(b.name))!
    const word = target.name.match(/\p{L}{4,}/u)![0]
    const plain = word.normalize('NFD').replace(/\p{M}/gu, '')
    const { rows, total } = await h.call('catalogue.search', { query: plain.toUpperCase(), limit: 500 })
    expect(total).toBeGreaterThan(0)
    expect(rows.map((r) => r.id)).toContain(target.id)
  })

  it('filters by tag where the server has tags, by active flag, and pages with a stable total', async () => {
    const tags = await h.call('catalogue.tags')
    if (sandboxExtensions) {
      expect(tags.length).toBeGreaterThan(0)
      const tag = tags[0]!
      const tagged = await h.call('catalogue.search', { tag: tag.tag, limit: 500 })
      expect(tagged.total).toBe(tag.count)
      expect(tagged.rows.every((r) => r.tags.includes(tag.tag))).toBe(true)
    } else {
      // The real service shows no tags on GraphQL: none are cached, so the screens offer no tag filter.
      expect(tags).toEqual([])
      expect((await h.call('catalogue.search', { limit: 500 })).rows.every((r) => r.tags.length === 0)).toBe(true)
    }
    const inactive = await h.call('catalogue.search', { active: 'inactive', limit: 500 })
    expect(inactive.total).toBe(all.filter((b) => !b.active).length)
    const page1 = await h.call('catalogue.search', { limit: 10, offset: 0 })
    const page2 = await h.call('catalogue.search', { limit: 10, offset: 10 })
    expect(page1.total).toBe(all.length)
    expect(new Set([...page1.rows, ...page2.rows].map((r: CatalogueRow) => r.id)).size).toBe(20)
  })

  it("computes what the user's agency can make: min over components of stock ÷ quantity", async () => {
    const who = await h.call('profile.whoami')
    const stock = await gql<{ lot_stocks: { available: number; lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}}) { available lot { item_id } } }',
      { a: who.agency!.id },
    )
    const byItem = new Map<number, number>()
    for (const s of stock.lot_stocks) byItem.set(s.lot.item_id, (byItem.get(s.lot.item_id) ?? 0) + s.available)
    const statics = all.filter((b) => !b.category_bundle && b.bundle_details.length > 0).slice(0, 25)
    for (const b of statics) {
      const expected = Math.max(
        0,
        Math.min(...b.bundle_details.map((d) => Math.floor((byItem.get(d.item_id) ?? 0) / Number(d.quantity) + 1e-9))),
      )
      const detail = await h.call('bundles.get', { id: b.id })
      expect(detail.available, b.code).toBe(expected)
      expect(detail.components).toHaveLength(b.bundle_details.length)
    }
    const dynamic = all.find((b) => b.category_bundle)!
    expect((await h.call('bundles.get', { id: dynamic.id })).available).toBeNull()
  })
})

describe('editing bundles (online, written through to the cache)', () => {
  const facts = bundleFacts[101]

  it('refuses a duplicate code on the code field, then creates the bundle and shows it at once', async () => {
    const item =
      (await h.call('items.search', { query: '', limit: 1 }))[0] ??
      (await gql<{ items: { id: number }[] }>('{ items(limit: 1) { id } }')).items[0]!
    const input = { code: facts.withMovements.code, name: 'Kit de prueba', components: [{ itemId: item.id, quantity: '2' }] }
    const err = await h.call('bundles.create', input).catch((e) => e)
    expect(err).toMatchObject({ code: 'validation', field: 'code' })
    expect(err.fields.code[0]).toBeTruthy()
    const created = await h.call('bundles.create', { ...input, code: 'KIT-PRUEBA-1', tags: ['prueba'] })
    // The service's answer shows tags only where the sandbox serves its extensions (the spec shows no tag field).
    expect(created).toMatchObject({ code: 'KIT-PRUEBA-1', source: 'service', tags: sandboxExtensions ? ['prueba'] : [] })
    expect(created.components).toEqual([expect.objectContaining({ itemId: item.id, quantity: expect.stringMatching(/^2(\.0+)?$/) })])
    const { rows } = await h.call('catalogue.search', { query: 'KIT-PRUEBA-1' })
    expect(rows[0]).toMatchObject({ id: created.id, code: 'KIT-PRUEBA-1' })
  })

  it('updates a component quantity by its id and renames, keeping the cache in step', async () => {
    const created = (await h.call('catalogue.search', { query: 'KIT-PRUEBA-1' })).rows[0]!
    const detail = await h.call('bundles.get', { id: created.id, online: true })
    const component = detail.components[0]!
    const updated = await h.call('bundles.update', {
      id: created.id,
      changes: { name: 'Kit renombrado', components: [{ id: component.id!, quantity: '3' }] },
    })
    expect(updated.name).toBe('Kit renombrado')
    expect(updated.components[0]!.quantity).toMatch(/^3(\.0+)?$/)
    expect((await h.call('catalogue.search', { query: 'renombrado' })).rows.map((r) => r.id)).toContain(created.id)
  })

  it('refuses to delete a bundle with movements, saying why, and deletes one without', async () => {
    const err = await h.call('bundles.delete', { id: facts.withMovements.id }).catch((e) => e)
    expect(err.code).toBe('validation')
    expect(err.detail).toMatch(/movimientos/i)
    expect((await h.call('bundles.get', { id: facts.withMovements.id })).id).toBe(facts.withMovements.id)
    await h.call('bundles.delete', { id: facts.deletable.id })
    await expect(h.call('bundles.get', { id: facts.deletable.id })).rejects.toMatchObject({ code: 'not_found' })
    expect((await h.call('catalogue.search', { query: facts.deletable.code })).rows.map((r) => r.id)).not.toContain(facts.deletable.id)
  })

  it("lists a dynamic bundle's category items with stock at the user's agency", async () => {
    const items = await h.call('bundles.dynamicItems', { bundleId: facts.dynamic.id })
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((i) => i.available !== null && i.available > 0)).toBe(true)
  })
})

describe('spreadsheets', () => {
  it('exports the list to CSV and XLSX; re-importing it unchanged finds nothing to send', async () => {
    // Without tags on the server the export is of the whole list.
    const tag = sandboxExtensions ? bundleFacts[101].tags[0]! : null
    const expected = (await h.call('catalogue.search', { tag, limit: 500 })).total
    expect(expected).toBeGreaterThan(0)
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await h.call('catalogue.export', { format, tag })
      expect(file.fileName).toMatch(new RegExp(`\\.${format}$`))
      const preview = await h.call('bundles.importPreview', file)
      expect(preview.rows).toHaveLength(expected)
      expect(preview).toMatchObject({ invalid: 0, creates: 0, updates: 0, unchanged: expected })
      expect(preview.rows[0]).toMatchObject({ row: 2, action: 'unchanged', problems: [] })
    }
  })

  it('imports a file whose rows are all valid, and the new bundles arrive with the next pull', async () => {
    const item = (await h.call('items.search', { query: '', limit: 1 }))[0] ?? null
    const code = item ? item.code : (await gql<{ items: { code: string }[] }>('{ items(limit: 1) { code } }')).items[0]!.code
    const csv = `code,name,description,ean13,tags,components\nIMP-001,Importado uno,,,importado,${code}:2\nIMP-002,Importado dos,,,importado|prueba,${code}:1.5\n`
    const file = { fileName: 'nuevos.csv', base64: Buffer.from(csv).toString('base64') }
    expect(await h.call('bundles.importPreview', file)).toMatchObject({ creates: 2, invalid: 0 })
    expect(await h.call('bundles.import', file)).toEqual({ created: 2, updated: 0, stopped: null })
    await h.call('catalogue.pull')
    const imported = (await h.call('catalogue.search', { query: 'IMP-00' })).rows
    expect(imported.map((r) => r.code).sort()).toEqual(['IMP-001', 'IMP-002'])
    expect(imported.find((r) => r.code === 'IMP-002')!.tags).toEqual(sandboxExtensions ? ['importado', 'prueba'] : [])
  })

  it('refuses a file with bad rows and sends nothing, naming each row', async () => {
    const csv =
      'code,name,ean13,components\n,Sin código,,\nBAD-EAN,Mal código de barras,7401234567890,\nBAD-COMP,Componente raro,,NOEXISTE:2\n'
    const file = { fileName: 'malo.csv', base64: Buffer.from(csv).toString('base64') }
    const preview = await h.call('bundles.importPreview', file)
    expect(preview).toMatchObject({ creates: 0, invalid: 3 })
    expect(preview.rows.map((r) => r.row)).toEqual([2, 3, 4])
    const err = await h.call('bundles.import', file).catch((e) => e)
    expect(err.code).toBe('validation')
    expect(err.fields.file).toHaveLength(3)
    expect((await h.call('catalogue.search', { query: 'BAD-EAN' })).total).toBe(0)
  })

  it('says clearly when a file is not a spreadsheet', async () => {
    const err = await h.call('bundles.importPreview', { fileName: 'foto.png', base64: 'iVBORw0KGgo=' }).catch((e) => e)
    expect(err).toMatchObject({ code: 'bad_input', field: 'file' })
  })
})

describe('when the pull or the line fails', () => {
  it('a pull that fails halfway keeps the previous snapshot and says why', async () => {
    const before = await h.call('catalogue.status')
    sandbox.setFaults({ errorShare: 1 })
    try {
      await expect(h.call('catalogue.pull')).rejects.toMatchObject({ code: 'server' })
    } finally {
      sandbox.setFaults({ errorShare: 0 })
    }
    const after = await h.call('catalogue.status')
    expect(after.pulledAt).toBe(before.pulledAt)
    expect(after.counts).toEqual(before.counts)
    expect(after.lastError).toBeTruthy()
  })

  it('searches and shows bundles from the cache with the service gone', async () => {
    const facts = bundleFacts[101]
    await sandbox.close()
    const { rows } = await h.call('catalogue.search', { query: facts.withMovements.ean13 })
    expect(rows[0]).toMatchObject({ id: facts.withMovements.id })
    const detail = await h.call('bundles.get', { id: facts.withMovements.id })
    expect(detail).toMatchObject({ source: 'cache', code: facts.withMovements.code })
    await expect(h.call('bundles.create', { code: 'OFF-1', name: 'Sin red' })).rejects.toMatchObject({ code: 'network' })
  })
})

describe('when the REST list of bundles is refused', () => {
  const s = useProxiedSession()

  it('still fills the catalogue from GraphQL, barcodes and flags unknown and the status saying so, until a pull reads the list', async () => {
    const facts = bundleFacts[101]
    const refused = (req: { method?: string; url?: string }) =>
      req.method === 'GET' && req.url?.startsWith('/inventories/bundles.json') ? { status: 403, body: { error: 'forbidden' } } : null
    const status = await s.proxy.during(refused, () => s.h.call('catalogue.pull'))
    expect(status.counts.bundles).toBeGreaterThan(50)
    expect(status.lastError).toBeNull()
    expect(status.capabilities).toMatchObject({ bundleColumns: false })
    const { rows } = await s.h.call('catalogue.search', { query: facts.withMovements.code })
    expect(rows[0]).toMatchObject({ id: facts.withMovements.id, ean13: null })
    expect((await s.h.call('catalogue.search', { query: facts.withMovements.ean13 })).total).toBe(0)

    // The next pull reads the list beside what changed, not the whole catalogue again for it.
    const pages: string[] = []
    // Whole bundles a page, as a full pull reads them (a routine pull asks for their ids alone).
    const wholePage = (body: string) => body.includes('{ bundles(where: {id: {_gt: $after}}') && !body.includes('$limit) { id } }')
    const recordPages = (body: string) => (wholePage(body) && pages.push(body), null)
    const again = await s.proxy.during(
      (req) => (isGraphql(req) ? { byBody: recordPages } : null),
      () => s.h.call('catalogue.pull'),
    )
    expect(pages).toHaveLength(0)
    expect(again.capabilities).toMatchObject({ bundleColumns: true })
    expect((await s.h.call('catalogue.search', { query: facts.withMovements.ean13 })).rows[0]).toMatchObject({ id: facts.withMovements.id })
    expect(await s.h.call('counter.scan', { code: facts.withMovements.ean13 })).toMatchObject({
      kind: 'bundle',
      bundle: { id: facts.withMovements.id },
    })
  })
})
