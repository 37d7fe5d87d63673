import { vi } from 'vitest'
import { requestNames, type RequestInput, type RequestName, type RequestOutput } from '../../../src-shared/contract'
import type { Handlers } from '../../../src-shared/dispatch'
import { company } from '../../../src-shared/domain'
import { CoreEvents } from '../../../src-main/core/events'
import type { ShellCore } from '../../../src-main/electron/startApp'

/**
 * One valid payload per request. Typed as a complete record, so a request added
 * to the contract without a sample here fails the type-check and the tests.
 */
export const sampleInputs: { [N in RequestName]: RequestInput<N> } = {
  'app.info': undefined,
  'session.status': undefined,
  'session.signIn': { serverUrl: 'https://service.example', email: 'clerk@example.com', token: 'tok-123' },
  'session.startTraining': undefined,
  'session.resetTraining': undefined,
  'session.signOut': undefined,
  'connection.status': undefined,
  'profile.whoami': undefined,
  'entity.switch': { entityId: 7 },
  'company.get': undefined,
  'graphql.query': { query: '{ items { id } }', variables: { limit: 5 } },
  'preferences.get': undefined,
  'preferences.set': { theme: 'dark' },
}

const signedIn = { state: 'signed_in', training: false, serverUrl: 'https://service.example', email: 'clerk@example.com' } as const
const whoAmI = {
  profile: { id: 1, email: 'clerk@example.com', name: 'Clerk', language: 'es', time_zone: 'America/Guatemala' },
  memberships: [{ id: 3, current: true, active: true, entity: { id: 7, name: 'Demo' } }],
  currentEntity: { id: 7, name: 'Demo' },
  agency: { id: 2, name: 'Central' },
  fromCache: false,
}
// Every company field is nullable except its id and name.
const sampleCompany = {
  ...Object.fromEntries(Object.keys(company.shape).map((key) => [key, null])),
  id: 7,
  name: 'Demo',
} as RequestOutput<'company.get'>

/** One valid result per request, as the real core would return it. */
export const sampleOutputs: { [N in RequestName]: RequestOutput<N> } = {
  'app.info': { version: '0.1.0-test', runner: 'electron', trainingAvailable: true },
  'session.status': signedIn,
  'session.signIn': signedIn,
  'session.startTraining': { ...signedIn, training: true },
  'session.resetTraining': { ...signedIn, training: true },
  'session.signOut': { state: 'signed_out', lastServerUrl: null, lastEmail: null },
  'connection.status': { online: true, lastContactAt: null },
  'profile.whoami': whoAmI,
  'entity.switch': whoAmI,
  'company.get': sampleCompany,
  'graphql.query': { data: { items: [] }, errors: null },
  'preferences.get': { theme: 'system', language: null },
  'preferences.set': { theme: 'dark', language: null },
}

export interface FakeCore extends ShellCore {
  readonly calls: { name: RequestName; input: unknown }[]
  readonly close: ReturnType<typeof vi.fn<() => Promise<void>>>
}

/** A core whose handlers only record what reached them and answer with the samples. */
export function createFakeCore(): FakeCore {
  const calls: { name: RequestName; input: unknown }[] = []
  const handlers = Object.fromEntries(
    requestNames.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input })
        return sampleOutputs[name]
      },
    ]),
  ) as unknown as Handlers
  return { handlers, events: new CoreEvents(), close: vi.fn(() => Promise.resolve()), calls }
}
