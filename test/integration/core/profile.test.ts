import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let h: CoreHarness
beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 2000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('who is working, and where', () => {
  it("shows the profile, both entities with the current one, and the user's agency", async () => {
    const who = await h.call('profile.whoami')
    expect(who.profile.email).toBe(sandbox.users[0]!.email)
    expect(who.profile.name).toBe(sandbox.users[0]!.name)
    expect(who.memberships.length).toBeGreaterThanOrEqual(2)
    expect(who.memberships.filter((m) => m.current)).toHaveLength(1)
    expect(who.currentEntity).toEqual(who.memberships.find((m) => m.current)!.entity)
    expect(who.agency).toMatchObject({ id: expect.any(Number), name: expect.any(String) })
    expect(who.fromCache).toBe(false)
  })

  it('switches the current entity on the service, and the agency follows', async () => {
    const before = await h.call('profile.whoami')
    const other = before.memberships.find((m) => !m.current && m.active)!
    const after = await h.call('entity.switch', { entityId: other.entity.id })
    expect(after.currentEntity).toEqual(other.entity)
    expect(after.agency?.id).not.toBe(before.agency?.id)
    expect(h.seen('entity.changed').at(-1)).toEqual(after)
    // The service agrees: a fresh read shows the same current entity.
    expect((await h.call('profile.whoami')).currentEntity).toEqual(other.entity)
    await h.call('entity.switch', { entityId: before.currentEntity!.id })
  })

  it("refuses to switch to an entity the user does not belong to, with the service's message", async () => {
    const err = await h.call('entity.switch', { entityId: 999_999 }).catch((e) => e)
    expect(err.code).toBe('validation')
    expect(err.fields.selectedEntityId?.[0]).toBeTruthy()
  })

  it('reads the company with ids as numbers and timestamps as ISO 8601', async () => {
    const company = await h.call('company.get')
    const who = await h.call('profile.whoami')
    expect(typeof company.id).toBe('number')
    expect(company.name).toBe(who.currentEntity!.name)
    expect(company.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(company.vat === null || (company.vat >= 0 && company.vat < 1)).toBe(true)
  })

  it('runs GraphQL queries scoped to the current entity', async () => {
    const who = await h.call('profile.whoami')
    const res = await h.call('graphql.query', { query: '{ agencies(order_by: [{id: asc}]) { id name entity_id } }' })
    const agencies = (res.data as { agencies: { entity_id: number }[] }).agencies
    expect(agencies.length).toBeGreaterThan(0)
    expect(new Set(agencies.map((a) => a.entity_id))).toEqual(new Set([who.currentEntity!.id]))
  })
})

describe('when the service refuses to say where the user works', () => {
  const refuse = (fields: string[]) =>
    fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ graphql_refused_root_fields: fields }),
    })

  it('keeps the agency last read, says why it could not be read again, and recovers on retry', async () => {
    const before = await h.call('profile.whoami')
    expect(before.agency).not.toBeNull()
    expect(before.agencyError).toBeNull()
    await refuse(['employees'])
    try {
      const refused = await h.call('profile.whoami')
      expect(refused.agency).toEqual(before.agency)
      expect(refused.agencyError).toMatchObject({ code: expect.any(String), detail: expect.stringContaining('employees') })
      expect(refused.fromCache).toBe(false)
    } finally {
      await refuse([])
    }
    const retried = await h.call('profile.whoami')
    expect(retried).toEqual({ ...before, agencyError: null })
  })

  it('does not carry an agency into another entity when it cannot be read there', async () => {
    const before = await h.call('profile.whoami')
    const other = before.memberships.find((m) => !m.current && m.active)!
    await refuse(['employees'])
    try {
      const switched = await h.call('entity.switch', { entityId: other.entity.id })
      expect(switched.currentEntity).toEqual(other.entity)
      expect(switched.agency).toBeNull()
      expect(switched.agencyError).not.toBeNull()
    } finally {
      await refuse([])
      await h.call('entity.switch', { entityId: before.currentEntity!.id })
    }
  })
})

describe('when the line goes down', () => {
  it('tells a failing service (503s) from an online one, and keeps the time of the last good answer', async () => {
    await h.call('profile.whoami')
    const good = await h.call('connection.status')
    expect(good).toMatchObject({ online: true, link: 'online' })
    sandbox.setFaults({ errorShare: 1 })
    try {
      await h.call('company.get').catch(() => undefined)
      await h.call('profile.whoami')
      expect(await h.call('connection.status')).toEqual({
        online: false,
        link: 'failing',
        lastContactAt: good.lastContactAt,
        clockOffsetMs: good.clockOffsetMs,
        since: expect.any(String),
      })
      expect(h.seen('connection.changed').at(-1)).toMatchObject({ link: 'failing' })
    } finally {
      sandbox.setFaults({ errorShare: 0 })
    }
    await h.call('profile.whoami')
    expect(await h.call('connection.status')).toMatchObject({ online: true, link: 'online' })
  })

  it('shows the last known profile, marked as such, and reports the connection lost', async () => {
    const online = await h.call('profile.whoami')
    expect((await h.call('connection.status')).online).toBe(true)
    // The entity's currency, whose country writes numbers and dates on every screen (the seed: quetzales).
    const currency = await h.call('company.currency')
    expect(currency).toEqual({ id: 1, code: 'GTQ', symbol: 'Q', country: 'Guatemala' })
    await sandbox.close()
    const offline = await h.call('profile.whoami')
    expect(offline).toEqual({ ...online, fromCache: true })
    expect(await h.call('connection.status')).toMatchObject({ online: false, link: 'offline', lastContactAt: expect.any(String) })
    expect(h.seen('connection.changed').at(-1)).toMatchObject({ online: false, link: 'offline' })
    const company = await h.call('company.get')
    expect(company.name).toBe(online.currentEntity!.name)
    // Offline, the currency last read: the screens keep writing numbers the same way.
    expect(await h.call('company.currency')).toEqual(currency)
  })
})
