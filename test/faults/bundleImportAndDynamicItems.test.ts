import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useProxiedSession } from '../support/proxiedSession'

// Issue 29, item 7: the bundle import sent its file as base64 inside JSON,
// which nothing public shows (the service's other imports take a multipart
// `<name>_import[file]`), and the dynamic items of a bundle failed the whole
// screen on any answer shape but the sandbox's own.

// Nothing here waits on a hanging answer: an import the loaded sandbox takes 3 s to answer is still an import.
const s = useProxiedSession({ requestTimeoutMs: 20_000 })

const isImport = (req: IncomingMessage) => req.method === 'POST' && req.url === '/inventories/bundles/bundle_imports.json'
const isDynamicItems = (req: IncomingMessage) => (req.url ?? '').startsWith('/inventories/bundles/get_dynamic_items_with_stock.json')

describe('the bundle import', () => {
  it('sends the file as a multipart bundle_import[file], and the bundles arrive', async () => {
    await s.h.call('catalogue.pull')
    const [item] = await s.h.call('items.search', { query: '', limit: 1 })
    const csv = `code,name,description,ean13,tags,components\nMULTI-1,Por formulario,,,,${item!.code}:2\n`
    const file = { fileName: 'paquetes.csv', base64: Buffer.from(csv).toString('base64') }
    const sent: { contentType: string; body: string }[] = []
    s.proxy.intercept = (req) =>
      isImport(req)
        ? {
            byBody: (body) => {
              sent.push({ contentType: String(req.headers['content-type']), body })
              return null
            },
          }
        : null
    try {
      expect(await s.h.call('bundles.import', file)).toEqual({ created: 1, updated: 0, stopped: null })
    } finally {
      s.proxy.intercept = () => null
    }
    expect(sent).toHaveLength(1)
    expect(sent[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent[0]!.body).toContain('name="bundle_import[file]"; filename="bundles.csv"')
    expect(sent[0]!.body).toContain(`MULTI-1,Por formulario,,,,${item!.code}:2`)
    await s.h.call('catalogue.pull')
    expect((await s.h.call('catalogue.search', { query: 'MULTI-1' })).rows.map((r) => r.name)).toEqual(['Por formulario'])
  }, 60_000)

  it('takes any 2xx answer as imported, a page that is not JSON included', async () => {
    const [item] = await s.h.call('items.search', { query: '', limit: 1 })
    const csv = `code,name,description,ean13,tags,components\nMULTI-2,Respuesta en HTML,,,,${item!.code}:1\n`
    s.proxy.intercept = (req) =>
      isImport(req) ? { status: 200, text: '<html><body>Importado</body></html>', contentType: 'text/html', afterForward: true } : null
    try {
      const file = { fileName: 'paquetes.csv', base64: Buffer.from(csv).toString('base64') }
      expect(await s.h.call('bundles.import', file)).toEqual({ created: 1, updated: 0, stopped: null })
    } finally {
      s.proxy.intercept = () => null
    }
  }, 60_000)
})

describe('the dynamic items of a bundle', () => {
  const dynamic = bundleFacts[101].dynamic.id

  it('reads the answer the sandbox gives', async () => {
    const items = await s.h.call('bundles.dynamicItems', { bundleId: dynamic })
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      expect(item).toMatchObject({ itemId: expect.any(Number), code: expect.any(String), name: expect.any(String), other: {} })
      expect(item.available).toBeGreaterThan(0)
    }
  })

  it('keeps what another shape says, shows what it lacks as unknown, and never fails', async () => {
    s.proxy.intercept = (req) =>
      isDynamicItems(req)
        ? {
            status: 200,
            body: {
              items: [
                { id: 41, code: 'CAFE-1', stock: '12.5', price: 'Q 10.00' },
                { item_id: 42, name: 'Té verde', available: '3', agency: { id: 301, name: 'Central' } },
                'a line the app cannot read',
              ],
            },
          }
        : null
    try {
      expect(await s.h.call('bundles.dynamicItems', { bundleId: dynamic })).toEqual([
        { itemId: 41, code: 'CAFE-1', name: null, available: null, other: { stock: '12.5', price: 'Q 10.00' } },
        { itemId: 42, code: null, name: 'Té verde', available: 3, other: { agency: '{"id":301,"name":"Central"}' } },
        { itemId: null, code: null, name: null, available: null, other: { value: 'a line the app cannot read' } },
      ])
    } finally {
      s.proxy.intercept = () => null
    }
  })

  it('keeps an answer with no list in it as one row, rather than failing', async () => {
    s.proxy.intercept = (req) => (isDynamicItems(req) ? { status: 200, body: { ok: true } } : null)
    try {
      expect(await s.h.call('bundles.dynamicItems', { bundleId: dynamic })).toEqual([
        { itemId: null, code: null, name: null, available: null, other: { ok: 'true' } },
      ])
    } finally {
      s.proxy.intercept = () => null
    }
  })
})
