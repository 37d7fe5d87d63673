import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fakeCore, type FakeCore } from '../../../support/fakeApi/fakeCore'

// Who is signed in, and what the counter keeps of it for an offline start (test/support/fakeApi).

let core: FakeCore
beforeEach(() => {
  fake.reset()
  core = fakeCore()
})
afterEach(() => core.close())

describe('who is signed in', () => {
  it('is read from the service, with the current entity and the user’s agency', async () => {
    expect(await core.profile.whoami()).toMatchObject({
      profile: { name: 'Caja Uno' },
      currentEntity: { id: 3 },
      agency: { id: 10, name: 'Central' },
      agencyError: null,
      fromCache: false,
    })
  })

  it('offline, is the copy kept at the last read, said to be so', async () => {
    await core.profile.whoami()
    fake.failNext('fetchProfile', { kind: 'offline' })
    expect(await core.profile.whoami()).toMatchObject({ agency: { id: 10 }, fromCache: true })
  })

  it('offline with nothing kept, says offline', async () => {
    fake.failNext('fetchProfile', { kind: 'offline' })
    await expect(core.profile.whoami()).rejects.toMatchObject({ code: 'network' })
  })

  it('keeps the agency last read, with the reason, when the service refuses to say it', async () => {
    await core.profile.whoami()
    fake.agency = { id: 11, name: 'Norte' }
    fake.failNext('fetchUserAgency', { kind: 'refused', field: 'user', message: 'sin permiso / not allowed' })
    const who = await core.profile.whoami()
    expect(who.agency).toEqual({ id: 10, name: 'Central' })
    expect(who.agencyError).toMatchObject({ code: 'validation' })
  })

  it('does not lend one entity’s agency to another', async () => {
    await core.profile.whoami()
    fake.memberships = [{ id: 2, current: true, active: true, entity: { id: 4, name: 'Otra' } }]
    fake.failNext('fetchUserAgency', { kind: 'refused', field: 'user', message: 'sin permiso / not allowed' })
    expect((await core.profile.whoami()).agency).toBeNull()
  })
})
