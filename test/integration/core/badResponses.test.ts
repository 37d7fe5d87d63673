import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchCompany, fetchProfile, selectEntity } from '@core/api/profileApi'
import { RestClient } from '@core/api/restClient'
import { closeServer, listenOnLoopback } from '../../support/loopbackServer'

// A real HTTP server that misbehaves in the ways a service, a proxy or a
// captive portal do. Each path is one behaviour.
let server: http.Server
let base: string
const seenHeaders: http.IncomingHttpHeaders[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHeaders.push(req.headers)
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    switch (req.url) {
      case '/html/profile.json':
        return send(200, '<html><body>Welcome to the hotel wifi</body></html>', 'text/html')
      case '/wrongshape/profile.json':
        return send(200, JSON.stringify({ profile: { id: 'abc' }, memberships: 'none' }))
      case '/drop/company.json':
        return req.socket.destroy()
      case '/slow/profile.json':
        return setTimeout(() => send(200, '{}'), 2000)
      case '/nocontent/company.json':
        res.writeHead(204)
        return res.end()
      case '/error500/company.json':
        return send(500, '<h1>Internal Server Error</h1>', 'text/html')
      case '/zoneless/company.json':
        return send(200, JSON.stringify({ id: '7', name: 'Demo', created_at: '2026-03-04 05:06:07.123456', vat: '0.12', logo: null }))
      default:
        return send(404, JSON.stringify({ error: 'no such route' }))
    }
  })
  base = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))

const client = (prefix: string, timeoutMs = 1000) =>
  new RestClient({ serverUrl: `${base}/${prefix}`, email: 'ana@example.com', token: 'tok-123' }, { timeoutMs })

describe('what the client does with bad answers', () => {
  it('sends the four headers of the service on every call', async () => {
    await fetchCompany(client('zoneless'))
    const h = seenHeaders.at(-1)!
    expect(h['x-user-email']).toBe('ana@example.com')
    expect(h['x-user-token']).toBe('tok-123')
    expect(h.accept).toBe('application/json')
    expect(h['content-type']).toBe('application/json')
  })

  it('a 200 that is not JSON is a bad_response, not a crash', async () => {
    await expect(fetchProfile(client('html'))).rejects.toMatchObject({ code: 'bad_response' })
  })

  it('JSON of the wrong shape is a bad_response naming the field', async () => {
    const err = await fetchProfile(client('wrongshape')).catch((e) => e)
    expect(err.code).toBe('bad_response')
    expect(err.detail).toMatch(/profile|memberships/)
  })

  it('a connection dropped after the request left is an unknown outcome', async () => {
    await expect(selectEntity(client('drop'), 2)).rejects.toMatchObject({ code: 'unknown_outcome' })
  })

  it('no answer in time is a timeout', async () => {
    await expect(fetchProfile(client('slow', 200))).rejects.toMatchObject({ code: 'timeout' })
  })

  it('a closed port is a network error: the request never left', async () => {
    const closed = new RestClient({ serverUrl: 'http://127.0.0.1:9', email: 'a@b.co', token: 't' }, { timeoutMs: 1000 })
    await expect(fetchProfile(closed)).rejects.toMatchObject({ code: 'network' })
  })

  it('a 204 without a body is a success', async () => {
    await expect(selectEntity(client('nocontent'), 2)).resolves.toBeUndefined()
  })

  it('a 500 with an HTML page is a server error', async () => {
    await expect(fetchCompany(client('error500'))).rejects.toMatchObject({ code: 'server', status: 500 })
  })

  it('normalises a detail response: string ids, zone-less UTC timestamps, quoted fractions, absent fields null', async () => {
    const company = await fetchCompany(client('zoneless'))
    expect(company).toMatchObject({ id: 7, name: 'Demo', createdAt: '2026-03-04T05:06:07.123Z', vat: 0.12, tin: null, logo: null })
  })
})
