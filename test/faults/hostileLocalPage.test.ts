import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostEventsPath, hostRequestPath, hostTokenCookie, hostTokenHeader, hostTokenMeta } from '@shared/contract/transport'
import { secretAccount } from '@core/secrets/secretStore'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { startHostServer, type RunningHost } from '../../src-main/host/hostServer'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { tempDir } from '../support/tempDir'

// Issue 28, item 5: a page on another port of the same computer (or any web page) holds the host's cookie
// (SameSite does not separate ports) and could sign the clerk out or push the outbox. The host must obey
// only its own page: JSON, its own origin and the per-run token in a header the page sets.
let sandbox: RunningSandbox
let h: CoreHarness
let host: RunningHost
let cookie: string
let pageToken: string
let account: string

interface Answer {
  status: number
  body: string
}

/** A raw request, so Host, Origin, Cookie and Sec-Fetch-Site are exactly what a browser would send. */
function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const { hostname, port } = new URL(host.origin)
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      // The event stream never ends by itself: its first bytes are enough to know it was opened.
      if (res.headers['content-type']?.startsWith('text/event-stream')) {
        resolve({ status: res.statusCode ?? 0, body: '' })
        res.destroy()
        return
      }
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const foreignPort = 'http://127.0.0.1:9999'

async function stillSignedIn(): Promise<void> {
  expect(await h.call('session.status')).toMatchObject({ state: 'signed_in' })
  expect(await h.secrets.get(account)).not.toBeNull()
}

beforeAll(async () => {
  sandbox = await startSandbox()
  const dir = tempDir()
  h = await coreHarness(join(dir, 'data'))
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  account = secretAccount(sandbox.url, user.email)
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>Mostrador</title></head><body></body></html>')
  host = await startHostServer({ core: h.core, rendererDir })
  // The browser opens the printed address once: the host answers with its cookie, which the browser then
  // sends with every request to 127.0.0.1, whichever port the page that makes it came from.
  const first = await fetch(host.url, { redirect: 'manual' })
  cookie = first.headers.get('set-cookie')!.split(';')[0]!
  expect(cookie.startsWith(`${hostTokenCookie}=`)).toBe(true)
  const page = await send('GET', '/', { cookie, 'sec-fetch-site': 'none' })
  pageToken = new RegExp(`<meta name="${hostTokenMeta}" content="([0-9a-f]+)"`).exec(page.body)?.[1] ?? ''
})
afterAll(async () => {
  await host?.close()
  await h.close()
  await sandbox.close()
})

describe('a hostile page on this computer, holding the host cookie', () => {
  const boundary = '----hostile'
  /** What a hostile page can send with the browser's cookie, and what it gets: a refusal, never the sign-out. */
  const signOuts: [string, Record<string, string>, string, number[]][] = [
    [
      'a text/plain POST from another port',
      { origin: foreignPort, 'sec-fetch-site': 'same-site', 'content-type': 'text/plain;charset=UTF-8' },
      '{"payload":null}',
      [403, 415],
    ],
    [
      'a form (urlencoded) from another port',
      { origin: foreignPort, 'content-type': 'application/x-www-form-urlencoded' },
      'payload=',
      [403, 415],
    ],
    [
      'a form (multipart) from a sandboxed page',
      { origin: 'null', 'content-type': `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}\r\n--${boundary}--\r\n`,
      [403, 415],
    ],
    [
      'JSON with the token header from another site',
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', [hostTokenHeader]: 'page' },
      '{}',
      [403],
    ],
    [
      'JSON with the token header from another port',
      { origin: foreignPort, 'content-type': 'application/json', [hostTokenHeader]: 'page' },
      '{}',
      [403],
    ],
    [
      'text/plain from its own origin, token header and all',
      { origin: 'own', 'content-type': 'text/plain', [hostTokenHeader]: 'page' },
      '{}',
      [415],
    ],
    [
      'JSON from its own origin with the cookie only, not the header the page sets',
      { origin: 'own', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      '{}',
      [403],
    ],
    [
      'JSON that says neither its origin nor that it is same-origin',
      { 'content-type': 'application/json', [hostTokenHeader]: 'page' },
      '{}',
      [403],
    ],
  ]

  it.each(signOuts)('cannot sign the clerk out with %s', async (_label, headers, body, refusals) => {
    // The page's token and origin are known only once the host runs: 'page' and 'own' stand for them.
    const sent = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value === 'page' ? pageToken : value === 'own' ? host.origin : value]),
    )
    const res = await send('POST', hostRequestPath('session.signOut'), { cookie, ...sent }, body)
    expect(refusals).toContain(res.status)
    await stillSignedIn()
  })

  it('cannot push the outbox from another port', async () => {
    const who = await h.call('profile.whoami')
    const res = await h.call('graphql.query', {
      query:
        'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, order_by: [{id: asc}], limit: 1) { lot { item_id } } agencies { id } }',
      variables: { a: who.agency!.id },
    })
    const data = res.data as { lot_stocks: { lot: { item_id: number } }[]; agencies: { id: number }[] }
    await h.call('catalogue.pull')
    await h.call('bookings.create', {
      agencyToId: data.agencies.find((a) => a.id !== who.agency!.id)!.id,
      plannedDelivery: '2026-12-30',
      reference: 'hostile-push',
      lines: [{ itemId: data.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
    })
    expect((await h.call('sync.status')).waiting).toBe(1)
    const push = await send(
      'POST',
      hostRequestPath('sync.push'),
      {
        cookie,
        origin: foreignPort,
        'sec-fetch-site': 'same-site',
        'content-type': 'text/plain',
      },
      '{}',
    )
    expect([403, 415]).toContain(push.status)
    // The booking waits for the clerk's own sync.
    expect((await h.call('sync.status')).waiting).toBe(1)
  })

  it('does not open the event stream to another origin', async () => {
    const crossPort = await send('GET', hostEventsPath, { cookie, origin: foreignPort, 'sec-fetch-site': 'same-site' })
    expect(crossPort.status).toBe(403)
    const cookieOnly = await send('GET', hostEventsPath, { cookie, 'sec-fetch-site': 'same-origin' })
    expect(cookieOnly.status).toBe(403)
  })
})

describe("the host's own page", () => {
  it('finds the per-run token in the page it is served, and nowhere a script of another origin can read', () => {
    expect(pageToken).toMatch(/^[0-9a-f]{48}$/)
    expect(new URL(host.url).searchParams.get('token')).toBe(pageToken)
  })

  it('still drives the core: JSON, its origin (or Sec-Fetch-Site) and the token header', async () => {
    const withOrigin = await send(
      'POST',
      hostRequestPath('session.status'),
      {
        cookie,
        origin: host.origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        [hostTokenHeader]: pageToken,
      },
      '{}',
    )
    expect(withOrigin.status).toBe(200)
    expect(JSON.parse(withOrigin.body)).toMatchObject({ ok: true, value: { state: 'signed_in' } })
    // A same-origin GET carries no Origin in Chromium: Sec-Fetch-Site says where it came from.
    const stream = await send('GET', hostEventsPath, { cookie, 'sec-fetch-site': 'same-origin', [hostTokenHeader]: pageToken })
    expect(stream.status).toBe(200)
    const signOut = await send(
      'POST',
      hostRequestPath('session.signOut'),
      {
        cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json; charset=utf-8',
        [hostTokenHeader]: pageToken,
      },
      '{}',
    )
    expect(JSON.parse(signOut.body)).toMatchObject({ ok: true, value: { state: 'signed_out' } })
    expect(await h.secrets.get(account)).toBeNull()
  })
})
