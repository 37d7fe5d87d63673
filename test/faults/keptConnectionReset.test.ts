import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { setTimeout as sleep } from 'node:timers/promises'
import { GraphqlClient } from '@core/api/graphqlClient'
import { RestClient, type ContactOutcome } from '@core/api/restClient'
import { heartbeat } from '@core/api/heartbeat'
import { closeServer, listenOnLoopback } from '../support/loopbackServer'

// Issue 30, item 4: the idle heartbeat goes out every 15 s on a kept-alive
// connection, which the service may have closed meanwhile (its own idle
// limit). The request then meets a reset that says nothing of the line, and
// an idle app said "Sin conexión" until the next heartbeat. A request that
// only reads (a HEAD, a GET, a GraphQL query) is asked again on a fresh
// connection; a write whose outcome is unknown is read back, never sent
// again, and its reset is not told as the line's state.

let server: Server
let url: string
const seen: string[] = []

beforeAll(async () => {
  // Each connection answers its first request and resets on the next, as a service that closed an idle one.
  const served = new WeakMap<Socket, number>()
  server = createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1
    served.set(req.socket, count)
    seen.push(`${req.method} ${count}`)
    if (count > 1) return req.socket.destroy()
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '11' })
    res.end('{"data":{}}')
  })
  url = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))

describe('a reset on a kept-alive connection', () => {
  it('does not make the heartbeat say the service is gone', async () => {
    const outcomes: ContactOutcome[] = []
    const rest = new RestClient({ serverUrl: url, email: 'clerk@example.com', token: 't' }, { onContact: (o) => outcomes.push(o) })
    seen.length = 0
    // A moment between, as between heartbeats: the answered connection is back in the pool, kept alive.
    for (let i = 0; i < 3; i++) {
      await heartbeat(rest)
      await sleep(50)
    }
    expect(outcomes).toEqual(['answered', 'answered', 'answered'])
    // The reset happened, and was met by asking again on a new connection.
    expect(seen.filter((s) => s !== 'HEAD 1').length).toBeGreaterThan(0)
  })

  it('asks a GET or a GraphQL query again on a fresh connection, and the line stays online', async () => {
    const outcomes: ContactOutcome[] = []
    const onContact = (o: ContactOutcome) => outcomes.push(o)
    const rest = new RestClient({ serverUrl: url, email: 'clerk@example.com', token: 't' }, { onContact })
    const held = { jwt: 'j', expiresAt: Date.now() + 5 * 86_400_000, url: `${url}/v1/graphql` }
    const graphql = new GraphqlClient(rest, { onContact, held })
    seen.length = 0
    for (let i = 0; i < 3; i++) {
      expect(await rest.request({ method: 'GET', path: '/profile.json' }, z.unknown())).toEqual({ data: {} })
      await sleep(50)
      expect(await graphql.query('{ items { id } }')).toEqual({ data: {}, errors: null })
      await sleep(50)
    }
    expect(outcomes).toEqual(Array<ContactOutcome>(6).fill('answered'))
    expect(seen.filter((s) => s.endsWith(' 2'))).toEqual(['GET 2', 'POST 2', 'GET 2', 'POST 2'])
  })

  it('never sends a write again on its account, nor tells its reset as the line’s state', async () => {
    const outcomes: ContactOutcome[] = []
    const rest = new RestClient({ serverUrl: url, email: 'clerk@example.com', token: 't' }, { onContact: (o) => outcomes.push(o) })
    // The second HEAD meets the reset and is asked again on a fresh connection, which the write then reuses.
    expect(await rest.headStatus('/profile.json')).toBe(200)
    await sleep(50)
    expect(await rest.headStatus('/profile.json')).toBe(200)
    await sleep(50)
    seen.length = 0
    const refused = await rest.request({ method: 'POST', path: '/pos/bookings.json', body: {} }, z.unknown()).then(
      () => null,
      (err: unknown) => err,
    )
    expect(refused).toMatchObject({ code: 'unknown_outcome' })
    expect(seen).toEqual(['POST 2'])
    expect(outcomes).toEqual([])
  })
})
