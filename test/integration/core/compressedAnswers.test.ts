import { createServer, request, type Server } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { pageQuery } from '@core/api/catalogueGraphql'
import { GraphqlClient } from '@core/api/graphqlClient'
import { RestClient } from '@core/api/restClient'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { startByteCountingProxy, type ByteCountingProxy } from '../../support/byteCountingProxy'
import { closeServer, listenOnLoopback } from '../../support/loopbackServer'

/**
 * Bytes on the wire: the sandbox compresses as a real front server does, the
 * clients ask for it and read the answers decompressed, and a size cap counts
 * what the client holds (decompressed), so an answer that unpacks past it is cut.
 */
let sandbox: RunningSandbox
let proxy: ByteCountingProxy
let rest: RestClient
let graphql: GraphqlClient

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startByteCountingProxy(sandbox.url)
  const user = sandbox.users[0]!
  rest = new RestClient({ serverUrl: proxy.url, email: user.email, token: user.token })
  graphql = new GraphqlClient(rest)
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
})

/** The bytes a GET of `path` costs on the wire asking for `encoding` (none: no Accept-Encoding header). */
async function plainGet(path: string, encoding?: string): Promise<{ wire: number; encoding: string | undefined }> {
  const user = sandbox.users[0]!
  proxy.reset()
  const headers: Record<string, string> = { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' }
  if (encoding) headers['Accept-Encoding'] = encoding
  const answer = await new Promise<{ encoding: string | undefined }>((resolve, reject) => {
    request(`${proxy.url}${path}`, { headers, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'] }))
    })
      .on('error', reject)
      .end()
  })
  await new Promise((r) => setTimeout(r, 50))
  return { wire: proxy.received, ...answer }
}

describe('the sandbox compresses as a front server does', () => {
  it('sends br or gzip as asked, and the answer as it is to a client that asks for neither', async () => {
    const plain = await plainGet('/inventories/bundles.json')
    const gzip = await plainGet('/inventories/bundles.json', 'gzip')
    const br = await plainGet('/inventories/bundles.json', 'gzip, deflate, br')
    expect(plain.encoding).toBeUndefined()
    expect(gzip.encoding).toBe('gzip')
    expect(br.encoding).toBe('br')
    expect(gzip.wire).toBeLessThan(plain.wire / 4)
    expect(br.wire).toBeLessThan(plain.wire / 4)
  })
})

describe('the clients ask for compression and read it', () => {
  it('the REST bundle list crosses the wire compressed and reads whole', async () => {
    const plain = await plainGet('/inventories/bundles.json')
    proxy.reset()
    let read = 0
    const chunks: Buffer[] = []
    for await (const chunk of await rest.stream({ method: 'GET', path: '/inventories/bundles.json' })) {
      read += chunk.length
      chunks.push(chunk)
    }
    const list = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]
    expect(list.length).toBeGreaterThan(100)
    // What the client read is the whole list; what crossed the wire is a fraction of it.
    expect(read).toBeGreaterThan(plain.wire * 0.9)
    expect(proxy.received).toBeLessThan(plain.wire / 4)
  })

  it('a GraphQL page crosses the wire compressed and its rows read as they are', async () => {
    await graphql.validity()
    proxy.reset()
    const rows = await graphql.page(pageQuery('lot_stocks'), { after: 0, limit: 5000 }, 'lot_stocks')
    const compressed = proxy.received
    const bodyBytes = Buffer.byteLength(JSON.stringify({ data: { lot_stocks: rows } }))
    expect(rows.length).toBeGreaterThan(500)
    expect(compressed).toBeLessThan(bodyBytes / 3)
  })
})

describe('a compressed answer that unpacks past its cap', () => {
  let bomb: Server
  let url = ''
  beforeAll(async () => {
    // 64 MB of JSON that packs into about 64 kB: a list larger unpacked than a list's cap (32 MB).
    const element = `{"id":1,"name":"${'x'.repeat(1000)}"},`
    const body = gzipSync(Buffer.from(`[${element.repeat(64 * 1024)}{"id":2}]`), { level: 9 })
    bomb = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length })
      res.end(body)
    })
    url = await listenOnLoopback(bomb)
  })
  afterAll(() => closeServer(bomb))

  it('is cut as too large, counted by what it unpacks to, not by its bytes on the wire', async () => {
    const client = new RestClient({ serverUrl: url, email: 'a@b.co', token: 't' })
    const before = process.memoryUsage().rss
    const err = await client.request({ method: 'GET', path: '/list.json', kind: 'list' }, z.array(z.unknown())).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('too_large')
    expect((err as AppError).detail).toMatch(/32 MB/)
    // Read up to the cap and no further: the client never held the whole 64 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024)
  })
})
