import { afterAll, beforeAll, expect, it } from 'vitest'
import { fetchProfile } from '@core/api/profileApi'
import { RestClient } from '@core/api/restClient'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { durations, percentile, report } from '../support/measure'

// The cost of our REST client (axios, error classification, schema
// normalisation) against a bare fetch + JSON.parse of the same answer.
let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

it('GET /profile.json on loopback: client vs bare fetch', async () => {
  const user = sandbox.users[0]!
  const client = new RestClient({ serverUrl: sandbox.url, email: user.email, token: user.token })
  const headers = { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' }
  const bare = await durations(async () => JSON.parse(await (await fetch(`${sandbox.url}/profile.json`, { headers })).text()), 300)
  const ours = await durations(() => fetchProfile(client), 300)
  report('REST client overhead (300 requests each)', [
    {
      name: 'p50 RestClient + normalisation',
      value: percentile(ours, 50),
      unit: 'ms',
      baseline: { name: 'fetch + JSON.parse', value: percentile(bare, 50) },
    },
    {
      name: 'p99 RestClient + normalisation',
      value: percentile(ours, 99),
      unit: 'ms',
      baseline: { name: 'fetch + JSON.parse', value: percentile(bare, 99) },
    },
  ])
  expect(ours).toHaveLength(300)
})
