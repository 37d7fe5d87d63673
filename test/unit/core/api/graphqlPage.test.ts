import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GraphqlClient } from '@core/api/graphqlClient'
import { RestClient } from '@core/api/restClient'
import { closeServer, listenOnLoopback } from '../../../support/loopbackServer'

// A service whose GraphQL answers are written here, in small pieces, as a real answer arrives.
let server: Server
let base = ''
let answers: { status: number; body: string }[] = []
let tokensIssued = 0
let queriesSeen = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/apps/graphql.json')) {
      tokensIssued++
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          token: `jwt-${tokensIssued}`,
          expires: new Date(Date.now() + 5 * 864e5).toISOString(),
          graphqlUrl: `${base}/v1/graphql`,
        }),
      )
      return
    }
    queriesSeen++
    const answer = answers.shift() ?? { status: 500, body: 'no answer left' }
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    const bytes = Buffer.from(answer.body)
    let at = 0
    const next = () => {
      if (at >= bytes.length) return res.end()
      res.write(bytes.subarray(at, (at += 7)))
      setImmediate(next)
    }
    next()
  })
  base = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))
beforeEach(() => {
  answers = []
  queriesSeen = 0
})

const client = () => new GraphqlClient(new RestClient({ serverUrl: base, email: 'a@b.c', token: 't' }))
const rowsOf = (graphql: GraphqlClient): Promise<unknown[]> => graphql.page('query { bundles { id name } }', {}, 'bundles')
const bundles = [
  { id: 1, name: 'Kit "ñandú" [a] {b}', tags: ['x'] },
  { id: 2, name: 'línea } ] fin', bundle_details: [{ id: 9, quantity: '2.5' }] },
]

describe('the rows of a one-list GraphQL answer (a page of the pull)', () => {
  it('are read as the answer arrives in pieces, whatever the spacing', async () => {
    answers.push({ status: 200, body: `{ "data" : { "bundles" : [ ${bundles.map((b) => JSON.stringify(b)).join(' , ')} ] } }` })
    expect(await rowsOf(client())).toEqual(bundles)
  })

  it('are none for an empty list', async () => {
    answers.push({ status: 200, body: '{"data":{"bundles":[]}}' })
    expect(await rowsOf(client())).toEqual([])
  })

  it('come from an answer of another shape too (its list read whole)', async () => {
    answers.push({ status: 200, body: `{"extensions":{"cost":[1,2]},"data":{"bundles":${JSON.stringify(bundles)}}}` })
    expect(await rowsOf(client())).toEqual(bundles)
  })

  it('fail with the GraphQL error when the service refuses the query', async () => {
    answers.push({
      status: 200,
      body: '{"errors":[{"message":"field \'tags\' not found in type: \'bundles\'","extensions":{"code":"validation-failed"}}]}',
    })
    await expect(rowsOf(client())).rejects.toMatchObject({
      code: 'bad_response',
      detail: expect.stringContaining("field 'tags' not found"),
    })
  })

  it('fail when errors follow the rows', async () => {
    answers.push({ status: 200, body: `{"data":{"bundles":${JSON.stringify(bundles)}},"errors":[{"message":"late failure"}]}` })
    await expect(rowsOf(client())).rejects.toMatchObject({ code: 'bad_response', detail: 'late failure' })
  })

  it('are read again with a renewed token when the endpoint refuses the held one', async () => {
    const graphql = client()
    answers.push({ status: 200, body: '{"data":{"bundles":[]}}' })
    await rowsOf(graphql)
    const before = tokensIssued
    answers.push({ status: 200, body: '{"errors":[{"message":"Could not verify JWT: JWTExpired","extensions":{"code":"invalid-jwt"}}]}' })
    answers.push({ status: 200, body: `{"data":{"bundles":${JSON.stringify(bundles)}}}` })
    expect(await rowsOf(graphql)).toEqual(bundles)
    expect(tokensIssued).toBe(before + 1)
    expect(queriesSeen).toBe(3)
  })

  it('fail as the status says for a failed answer, and as bad_response for one cut short', async () => {
    answers.push({ status: 503, body: '{"error":"maintenance"}' })
    await expect(rowsOf(client())).rejects.toMatchObject({ code: 'server' })
    answers.push({ status: 200, body: `{"data":{"bundles":[${JSON.stringify(bundles[0])},{"id":` })
    await expect(rowsOf(client())).rejects.toMatchObject({ code: 'bad_response' })
  })
})
