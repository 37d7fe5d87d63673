import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestNames } from '@shared/contract'
import { hostEventsPath, hostRequestPath, hostTokenHeader, hostTokenMeta } from '@shared/contract/transport'
import { contentSecurityPolicy, parseCsp } from '@shared/csp'
import { startHostServer, type RunningHost } from '../../../src-main/host/hostServer'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let host: RunningHost
let h: CoreHarness
let token: string

beforeAll(async () => {
  const dir = tempDir()
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Mostrador</title>')
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(join(rendererDir, 'assets', 'index-Bx3d9QaZ.js'), 'export {}')
  h = await coreHarness(join(dir, 'data'))
  host = await startHostServer({ core: h.core, rendererDir })
  token = new URL(host.url).searchParams.get('token')!
})
afterAll(async () => {
  await host.close()
  await h.close()
})

// As the page sends them: JSON, from its own origin (test/faults/hostileLocalPage.test.ts: anything else is refused).
const rpc = (name: string, payload: unknown, headers: Record<string, string> = { [hostTokenHeader]: token }) =>
  fetch(`${host.origin}/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.origin, ...headers },
    body: JSON.stringify({ payload }),
  })

describe('the browser host', () => {
  it('routes every request of the contract', async () => {
    expect(host.routes.sort()).toEqual(requestNames.map(hostRequestPath).sort())
    for (const name of requestNames) {
      const res = await rpc(name, undefined)
      expect(res.status, name).toBe(200)
      expect(await res.json(), name).toHaveProperty('ok')
    }
  })

  it('listens on loopback only', () => {
    expect(new URL(host.origin).hostname).toBe('127.0.0.1')
  })

  it('refuses requests without the per-run token', async () => {
    expect((await rpc('session.status', undefined, {})).status).toBe(401)
    expect((await rpc('session.status', undefined, { [hostTokenHeader]: 'guess' })).status).toBe(401)
    expect((await fetch(`${host.origin}/`)).status).toBe(401)
  })

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    // fetch may not set Host, so this goes through node:http.
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(host.origin)
      const req = http.request(
        {
          hostname,
          port,
          path: '/rpc/session.status',
          method: 'POST',
          headers: { host: 'evil.example.com', [hostTokenHeader]: token, 'content-type': 'application/json' },
        },
        (res) => resolve(res.statusCode ?? 0),
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(421)
  })

  it('trades the token in the address for an HttpOnly cookie and serves the app with the CSP', async () => {
    const first = await fetch(host.url, { redirect: 'manual' })
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe('/')
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const page = await fetch(`${host.origin}/`, { headers: { cookie: cookie.split(';')[0]! } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Mostrador')
    // The page's requests send the token from here (the cookie alone is refused).
    expect(html).toContain(`<meta name="${hostTokenMeta}" content="${token}" />`)
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
  })

  it('lets the page show pictures of the signed-in service only, from the next page load', async () => {
    const headers = { [hostTokenHeader]: token }
    const imageSources = async () =>
      parseCsp((await fetch(`${host.origin}/`, { headers })).headers.get('content-security-policy')!).get('img-src')
    expect(await imageSources()).toEqual(["'self'", 'data:'])
    await h.core.services.session.adopt({ serverUrl: 'https://erp.example.com/', email: 'clerk@example.com', token: 't' })
    try {
      expect(await imageSources()).toEqual(["'self'", 'data:', 'https://erp.example.com'])
    } finally {
      await h.core.services.session.signOut()
    }
    expect(await imageSources()).toEqual(["'self'", 'data:'])
  })

  it('lets the browser keep the built files (their names change with their content), never the page or an answer', async () => {
    const headers = { [hostTokenHeader]: token }
    const script = await fetch(`${host.origin}/assets/index-Bx3d9QaZ.js`, { headers })
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    const missing = await fetch(`${host.origin}/assets/index-gone.js`, { headers })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${host.origin}/`, { headers })).headers.get('cache-control')).toBe('no-store')
    expect((await rpc('session.status', undefined)).headers.get('cache-control')).toBe('no-store')
  })

  it('answers a malformed call with an error envelope, and keeps serving', async () => {
    const res = await rpc('entity.switch', { entityId: 'one' })
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'bad_input', field: 'entityId' } })
    const unknown = await fetch(`${host.origin}/rpc/secrets.dump`, {
      method: 'POST',
      headers: { [hostTokenHeader]: token, origin: host.origin },
    })
    expect(unknown.status).toBe(404)
    expect((await rpc('session.status', undefined)).status).toBe(200)
  })

  it('streams core events to the page', async () => {
    const ctrl = new AbortController()
    const res = await fetch(`${host.origin}${hostEventsPath}`, {
      headers: { [hostTokenHeader]: token, 'sec-fetch-site': 'same-origin' },
      signal: ctrl.signal,
    })
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = res.body!.getReader()
    h.core.events.emit('connection.changed', {
      online: true,
      link: 'online',
      lastContactAt: '2026-11-22T10:00:00.000Z',
      clockOffsetMs: null,
      since: null,
    })
    let text = ''
    while (!text.includes('connection.changed')) text += new TextDecoder().decode((await reader.read()).value)
    const line = text.split('\n').find((l) => l.startsWith('data: '))!
    expect(JSON.parse(line.slice(6))).toEqual({
      name: 'connection.changed',
      payload: { online: true, link: 'online', lastContactAt: '2026-11-22T10:00:00.000Z', clockOffsetMs: null, since: null },
    })
    ctrl.abort()
  })
})
