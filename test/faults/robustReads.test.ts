import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RestClient } from '@core/api/restClient'
import { AppError } from '@shared/errors'
import { z } from 'zod'
import { useProxiedSession } from '../support/proxiedSession'
import { isGraphql } from '../support/interceptingProxy'
import { closeServer, listenOnLoopback } from '../support/loopbackServer'

// Issue 29, item 6: an extension probe that timed out or met a 5xx aborted the
// whole catalogue pull or counter refresh; the pull stopped at the first page
// shorter than asked (a per-role row limit below the page size truncated the
// catalogue silently), and a dynamic table's rows were one page of 5,000; a
// redirect after a write was a failure although the write was done.

const s = useProxiedSession()
afterEach(() => {
  s.proxy.intercept = () => null
})

const tagsProbe = (body: string) => body.includes('bundles(limit: 1) { id tags }')
const posSettingsProbe = (body: string) => body.includes('pos_settings(limit: 1)')

describe('an extension probe that fails for another reason than "not found"', () => {
  // A new session remembers no extension, so each case starts with its probes to send.
  beforeEach(async () => {
    const user = s.sandbox.users[0]!
    await s.h.call('session.signIn', { serverUrl: s.proxy.url, email: user.email, token: user.token })
  })

  for (const [how, answer] of [
    ['answered 503', { status: 503, body: { error: 'upstream busy' } }],
    ['timed out', 'stall'],
  ] as const) {
    // A full pull (a routine one keeps its snapshot's answer: routinePullFlakyLine.test.ts).
    it(`${how}: a full catalogue pull completes without the extension, and the next pull asks again`, async () => {
      let probes = 0
      s.proxy.intercept = (req) =>
        isGraphql(req)
          ? {
              byBody: (body) => {
                if (!tagsProbe(body)) return null
                probes++
                return answer
              },
            }
          : null
      const pulled = await s.h.call('catalogue.pull', { full: true })
      expect(pulled.capabilities?.tags).toBe(false)
      expect(pulled.counts.bundles).toBeGreaterThan(0)
      expect(probes).toBe(1)

      s.proxy.intercept = (req) =>
        isGraphql(req)
          ? {
              byBody: (body) => {
                if (tagsProbe(body)) probes++
                return null
              },
            }
          : null
      const again = await s.h.call('catalogue.pull')
      expect(probes).toBe(2)
      expect(again.capabilities?.tags).toBe(true)
    }, 60_000)
  }

  it('answered 503: the counter refresh completes without the POS setting', async () => {
    s.proxy.intercept = (req) => (isGraphql(req) ? { byBody: (body) => (posSettingsProbe(body) ? { status: 503, body: {} } : null) } : null)
    const refreshed = await s.h.call('counter.refresh')
    expect(refreshed.setup.unavailable).toContain('categoryFilter')
    s.proxy.intercept = () => null
    const again = await s.h.call('counter.refresh')
    expect(again.setup.unavailable).not.toContain('categoryFilter')
  }, 60_000)
})

/** A per-role row limit as Hasura applies it: never more rows than `most`, whatever the query's limit. */
function rowLimit(most: number) {
  return (req: IncomingMessage) =>
    isGraphql(req)
      ? {
          rewrite: (body: string) => {
            const sent = JSON.parse(body) as { query: string; variables?: { limit?: number } }
            if (sent.variables?.limit !== undefined && sent.variables.limit > most) sent.variables.limit = most
            return JSON.stringify(sent)
          },
          afterForward: true as const,
        }
      : null
}

describe('paging under a row limit below the page size', () => {
  it('pulls the whole catalogue', async () => {
    const whole = await s.h.call('catalogue.pull')
    s.proxy.intercept = rowLimit(120)
    const limited = await s.h.call('catalogue.pull')
    expect(whole.counts.items).toBeGreaterThan(120)
    expect(limited.counts).toEqual(whole.counts)
  }, 120_000)

  it('reads every row of a dynamic table', async () => {
    const [table] = await s.h.call('dynamicTables.list')
    const before = await s.h.call('dynamicTables.rows', { id: table!.id })
    for (let i = before.rows.length; i < 5; i++) await s.h.call('dynamicTables.addRow', { tableId: table!.id, data: {} })
    const whole = await s.h.call('dynamicTables.rows', { id: table!.id })
    expect(whole.rows.length).toBeGreaterThanOrEqual(5)
    s.proxy.intercept = rowLimit(2)
    const limited = await s.h.call('dynamicTables.rows', { id: table!.id })
    expect(limited.rows.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id))
  }, 60_000)
})

describe('a redirect after a write', () => {
  let elsewhere: Server
  let elsewhereUrl = ''
  const reachedElsewhere: { url: string; token: string | undefined }[] = []
  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      reachedElsewhere.push({ url: req.url ?? '', token: req.headers['x-user-token'] as string | undefined })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
    elsewhereUrl = await listenOnLoopback(elsewhere)
  })
  afterAll(() => closeServer(elsewhere))

  async function aRow(): Promise<{ tableId: number; rowId: number; rowPath: string }> {
    const [table] = await s.h.call('dynamicTables.list')
    const row = await s.h.call('dynamicTables.addRow', { tableId: table!.id, data: {} })
    return { tableId: table!.id, rowId: row.id, rowPath: `/apps/webapp_tables/${table!.id}/webapp_rows/${row.id}.json` }
  }
  const seen: string[] = []
  const recording = (decide: (req: IncomingMessage) => ReturnType<typeof s.proxy.intercept>) => (req: IncomingMessage) => {
    seen.push(`${req.method} ${req.url}`)
    return decide(req)
  }

  for (const [status, where] of [
    [302, 'absolute'],
    [303, 'relative'],
  ] as const) {
    it(`${status} to the same service (${where} Location): followed, and the edit shows as done`, async () => {
      const { tableId, rowId, rowPath } = await aRow()
      const [table] = await s.h.call('dynamicTables.list')
      const column = table!.columns[0]!.name
      seen.length = 0
      s.proxy.intercept = recording((req) =>
        req.method === 'PATCH' && req.url === rowPath
          ? { status, body: {}, headers: { location: where === 'absolute' ? `${s.proxy.url}${rowPath}` : rowPath }, afterForward: true }
          : null,
      )
      const updated = await s.h.call('dynamicTables.updateRow', { tableId, rowId, data: { [column]: `redirected ${status}` } })
      expect(updated.data[column]).toBe(`redirected ${status}`)
      expect(seen).toEqual([`PATCH ${rowPath}`, `GET ${rowPath}`])
    })
  }

  it('307 to the same service: the write is sent again there, once', async () => {
    const { tableId, rowId, rowPath } = await aRow()
    const [table] = await s.h.call('dynamicTables.list')
    const column = table!.columns[0]!.name
    seen.length = 0
    s.proxy.intercept = recording((req) =>
      req.method === 'PATCH' && req.url === rowPath ? { status: 307, body: {}, headers: { location: `${rowPath}?moved=1` } } : null,
    )
    const updated = await s.h.call('dynamicTables.updateRow', { tableId, rowId, data: { [column]: 'sent after 307' } })
    expect(updated.data[column]).toBe('sent after 307')
    expect(seen).toEqual([`PATCH ${rowPath}`, `PATCH ${rowPath}?moved=1`])
  })

  it('to another origin: refused with a clear error, and the token is never sent there', async () => {
    const { tableId, rowId, rowPath } = await aRow()
    s.proxy.intercept = (req) =>
      req.method === 'PATCH' && req.url === rowPath
        ? { status: 302, body: {}, headers: { location: `${elsewhereUrl}${rowPath}` }, afterForward: true }
        : null
    const user = s.sandbox.users[0]!
    const rest = new RestClient({ serverUrl: s.proxy.url, email: user.email, token: user.token }, { timeoutMs: 3000 })
    const refused = await rest
      .request({ method: 'PATCH', path: rowPath, body: { webapp_row: { data: {} } } }, z.unknown())
      .then(() => null, AppError.from)
    expect(refused?.code).toBe('redirected_elsewhere')
    expect(refused?.detail).toContain(elsewhereUrl)
    expect(refused?.status).toBe(302)

    // Through the app: the edit was done at the service, so it is read back there, and shown as done.
    const [table] = await s.h.call('dynamicTables.list')
    const column = table!.columns[0]!.name
    const updated = await s.h.call('dynamicTables.updateRow', { tableId, rowId, data: { [column]: 'elsewhere' } })
    expect(updated.data[column]).toBe('elsewhere')
    expect(reachedElsewhere).toEqual([])
  })
})
