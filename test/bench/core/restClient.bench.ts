import { afterAll, beforeAll, bench, describe } from 'vitest'
import { fetchProfile } from '../../../src-main/core/api/profileApi'
import { RestClient } from '../../../src-main/core/api/restClient'
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox'

// The cost of our REST client (axios, error classification, schema
// normalisation) against the baseline of a bare fetch + JSON.parse of the same
// answer from the same sandbox, in the same run. Vitest prints the ratio.
let sandbox: RunningSandbox
let client: RestClient
let headers: Record<string, string>

beforeAll(async () => {
  sandbox = await startSandbox()
  const user = sandbox.users[0]!
  client = new RestClient({ serverUrl: sandbox.url, email: user.email, token: user.token })
  headers = { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' }
})
afterAll(() => sandbox.close())

describe('GET /profile.json on loopback', () => {
  bench('baseline: fetch + JSON.parse', async () => {
    const res = await fetch(`${sandbox.url}/profile.json`, { headers })
    JSON.parse(await res.text())
  })
  bench('RestClient + normalisation', async () => {
    await fetchProfile(client)
  })
})
