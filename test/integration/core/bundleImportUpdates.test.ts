import type { IncomingMessage } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BundleDetail } from '@shared/catalogue'
import { useProxiedSession } from '../../support/proxiedSession'
import { isGraphql } from '../../support/interceptingProxy'

// Issue 30, item 8: an import that meets existing codes updates them, one
// request per bundle, after checking everything first.

const s = useProxiedSession()

const isPatch = (req: IncomingMessage, id: number) => req.method === 'PATCH' && req.url === `/inventories/bundles/${id}.json`

/** The bundle as the service holds it now, read past the proxy and the cache. */
async function onService(id: number): Promise<{ name: string; bundle_details: { item_id: string; quantity: string }[] }> {
  const user = s.sandbox.users[0]!
  const res = await fetch(`${s.sandbox.url}/inventories/bundles/${id}.json`, {
    headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
  })
  return (await res.json()) as { name: string; bundle_details: { item_id: string; quantity: string }[] }
}

function csvFile(lines: string[]) {
  return { fileName: 'editado.csv', base64: Buffer.from(lines.join('\n') + '\n').toString('base64') }
}

const componentsText = (b: BundleDetail) => b.components.map((c) => `${c.itemCode}:${c.quantity}`).join(';')

let bundles: BundleDetail[]

beforeAll(async () => {
  await s.h.call('catalogue.pull')
  const rows = (await s.h.call('catalogue.search', { query: '', limit: 60 })).rows.filter((r) => !r.categoryBundle)
  bundles = []
  for (const row of rows) {
    const b = await s.h.call('bundles.get', { id: row.id })
    if (b.components.length >= 2 && b.components.every((c) => c.itemCode)) bundles.push(b)
    if (bundles.length === 6) break
  }
  expect(bundles).toHaveLength(6)
}, 120_000)

describe('an import that meets existing codes', () => {
  it('previews each change old → new, then updates the bundles and creates the new one', async () => {
    const [a, b] = bundles as [BundleDetail, BundleDetail]
    const [first, second] = b.components as [BundleDetail['components'][number], BundleDetail['components'][number]]
    const file = csvFile([
      'code,name,components',
      `${a.code},${a.name} renombrado,${componentsText(a)}`,
      `${b.code},${b.name},${first.itemCode}:${Number(first.quantity) + 2}`,
      `IMP-UPD-NEW,Nuevo del archivo,${first.itemCode}:1`,
    ])
    const preview = await s.h.call('bundles.importPreview', file)
    expect(preview).toMatchObject({ creates: 1, updates: 2, unchanged: 0, invalid: 0 })
    expect(preview.rows[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'name', before: a.name, after: `${a.name} renombrado` }],
      components: [],
    })
    expect(preview.rows[1]!.changes).toEqual([])
    expect(preview.rows[1]!.components).toEqual([
      { itemCode: first.itemCode, before: String(Number(first.quantity)), after: String(Number(first.quantity) + 2) },
      { itemCode: second.itemCode, before: String(Number(second.quantity)), after: null },
    ])
    expect(preview.rows[2]).toMatchObject({ action: 'create', code: 'IMP-UPD-NEW' })

    expect(await s.h.call('bundles.import', file)).toEqual({ created: 1, updated: 2, stopped: null })
    expect((await onService(a.id)).name).toBe(`${a.name} renombrado`)
    const bNow = await onService(b.id)
    expect(bNow.bundle_details.map((d) => [Number(d.item_id), Number(d.quantity)])).toEqual([[first.itemId, Number(first.quantity) + 2]])
    await s.h.call('catalogue.pull')
    expect((await s.h.call('catalogue.search', { query: 'IMP-UPD-NEW' })).total).toBe(1)
    // The same file again: everything is as it asks.
    expect(await s.h.call('bundles.importPreview', file)).toMatchObject({ creates: 0, updates: 0, unchanged: 3 })
  }, 60_000)

  it('stops where the line drops, says what was done, and the same file finishes without sending twice', async () => {
    const [, , c, d, e] = bundles as BundleDetail[]
    const file = csvFile(['code,name', ...[c!, d!, e!].map((x) => `${x.code},${x.name} (corte)`)])
    const patches = new Map<number, number>()
    s.proxy.intercept = (req) => {
      for (const x of [c!, d!, e!]) if (isPatch(req, x.id)) patches.set(x.id, (patches.get(x.id) ?? 0) + 1)
      // The service takes d's update, and its answer never comes back.
      return isPatch(req, d!.id) ? { drop: true, afterForward: true } : null
    }
    let outcome
    try {
      outcome = await s.h.call('bundles.import', file)
    } finally {
      s.proxy.intercept = () => null
    }
    expect(outcome).toMatchObject({ created: 0, updated: 1, stopped: { code: d!.code, notSent: 1 } })
    expect(['unknown_outcome', 'network', 'timeout']).toContain(outcome.stopped!.error.code)
    expect((await onService(c!.id)).name).toBe(`${c!.name} (corte)`)
    expect((await onService(e!.id)).name).toBe(e!.name)

    // What is left: d (its answer was lost) and e. Sent again, d is read back as done and not sent twice.
    expect(await s.h.call('bundles.importPreview', file)).toMatchObject({ updates: 2, unchanged: 1 })
    s.proxy.intercept = (req) => {
      for (const x of [c!, d!, e!]) if (isPatch(req, x.id)) patches.set(x.id, (patches.get(x.id) ?? 0) + 1)
      return null
    }
    try {
      expect(await s.h.call('bundles.import', file)).toEqual({ created: 0, updated: 1, stopped: null })
    } finally {
      s.proxy.intercept = () => null
    }
    expect(Object.fromEntries(patches)).toEqual({ [c!.id]: 1, [d!.id]: 1, [e!.id]: 1 })
    expect((await onService(e!.id)).name).toBe(`${e!.name} (corte)`)
  }, 60_000)

  it('when a new code was taken on the service meanwhile, the preview right after the stop updates that bundle', async () => {
    const user = s.sandbox.users[0]!
    const taken = await fetch(`${s.sandbox.url}/inventories/bundles.json`, {
      method: 'POST',
      headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ bundle: { code: 'IMP-UPD-TAKEN', name: 'Creado en otra caja' } }),
    })
    expect(taken.status).toBe(201)
    const file = csvFile(['code,name', 'IMP-UPD-TAKEN,Nuevo del archivo'])
    expect(await s.h.call('bundles.importPreview', file)).toMatchObject({ creates: 1, updates: 0 })
    // The catalogue's reads answer slowly, as on a shop's line.
    s.proxy.intercept = (req) => (isGraphql(req) ? { afterForward: true, hold: () => new Promise((r) => setTimeout(r, 200)) } : null)
    try {
      const outcome = await s.h.call('bundles.import', file)
      expect(outcome).toMatchObject({ created: 0, updated: 0, stopped: { code: null, notSent: 1 } })
      // The dialog previews the same file as soon as the answer comes: the code must be known by then.
      expect(await s.h.call('bundles.importPreview', file)).toMatchObject({ creates: 0, updates: 1 })
    } finally {
      s.proxy.intercept = () => null
    }
  }, 60_000)

  it('refuses the whole file, sending nothing, when a bundle changed on the service since the preview', async () => {
    const f = bundles[5]!
    const a = bundles[0]!
    const user = s.sandbox.users[0]!
    // Someone else renames f on the service after this computer's last pull.
    await fetch(`${s.sandbox.url}/inventories/bundles/${f.id}.json`, {
      method: 'PATCH',
      headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ bundle: { name: 'Cambiado en otra caja' } }),
    })
    const aName = (await onService(a.id)).name
    const file = csvFile(['code,name', `${a.code},${aName} otra vez`, `${f.code},${f.name} desde el archivo`])
    expect(await s.h.call('bundles.importPreview', file)).toMatchObject({ updates: 2 })
    const err = await s.h.call('bundles.import', file).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'conflict', fields: { file: [f.code] } })
    expect((await onService(a.id)).name).toBe(aName)
    // The preview now starts from what the service holds.
    const again = await s.h.call('bundles.importPreview', file)
    expect(again.rows[1]!.changes).toEqual([{ field: 'name', before: 'Cambiado en otra caja', after: `${f.name} desde el archivo` }])
  }, 60_000)
})
