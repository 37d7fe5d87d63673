import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { rest } from './sandboxClient'

interface ProfileResponse {
  profile: { id: number; email: string; name: string; mobile_phone: string | null; language: string; time_zone: string }
  memberships: { id: number; current: boolean; active: boolean; entity: { id: number; name: string } }[]
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const brian = () => sandbox.users[1]!

describe('GET /profile.json', () => {
  it('gives the first demo user in Spanish, in a Rails time zone, with two active memberships', async () => {
    const res = await rest<ProfileResponse>(sandbox, ana(), 'GET', '/profile.json')
    expect(res.status).toBe(200)
    expect(res.body.profile).toEqual({
      id: expect.any(Number),
      email: ana().email,
      name: 'Ana López',
      mobile_phone: '+502 5555 0101',
      language: 'es',
      time_zone: 'Central America',
    })
    expect(res.body.memberships).toHaveLength(2)
    expect(res.body.memberships.every((m) => m.active && typeof m.id === 'number' && typeof m.entity.id === 'number')).toBe(true)
    expect(res.body.memberships.filter((m) => m.current)).toHaveLength(1)
    expect(res.body.memberships.map((m) => m.entity.name)).toEqual(['Ferretería El Mostrador S.A.', 'Distribuidora El Mostrador Ltda.'])
    expect(res.body.memberships[0]!.current).toBe(true)
  })

  it('gives the English-speaking user one entity and an IANA zone', async () => {
    const res = await rest<ProfileResponse>(sandbox, brian(), 'GET', '/profile.json')
    expect(res.body.profile.language).toBe('en')
    expect(res.body.profile.time_zone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/)
    expect(res.body.memberships).toHaveLength(1)
    expect(res.body.memberships[0]).toMatchObject({ current: true, active: true })
  })

  it('lists an inactive membership as inactive', async () => {
    const carlos = sandbox.users[2]!
    const res = await rest<ProfileResponse>(sandbox, carlos, 'GET', '/profile.json')
    expect(res.body.memberships.some((m) => !m.active && !m.current)).toBe(true)
  })
})

describe('PATCH /profile.json', () => {
  it('changes name, phone, language and time zone, and answers {}', async () => {
    const res = await rest(sandbox, ana(), 'PATCH', '/profile.json', {
      user: { name: 'Ana María López', mobile_phone: '+502 5555 9999', language: 'en', time_zone: 'America/Costa_Rica' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    const after = await rest<ProfileResponse>(sandbox, ana(), 'GET', '/profile.json')
    expect(after.body.profile).toMatchObject({
      name: 'Ana María López',
      mobile_phone: '+502 5555 9999',
      language: 'en',
      time_zone: 'America/Costa_Rica',
    })
  })

  it('accepts Rails time zone names', async () => {
    const res = await rest(sandbox, brian(), 'PATCH', '/profile.json', { user: { time_zone: 'Eastern Time (US & Canada)' } })
    expect(res.status).toBe(200)
    const after = await rest<ProfileResponse>(sandbox, brian(), 'GET', '/profile.json')
    expect(after.body.profile.time_zone).toBe('Eastern Time (US & Canada)')
  })

  it('refuses a blank name, an unknown language and an unknown zone with 422 {field: [messages]}, changing nothing', async () => {
    const res = await rest<Record<string, string[]>>(sandbox, ana(), 'PATCH', '/profile.json', {
      user: { name: '   ', language: 'fr', time_zone: 'Mars/Olympus_Mons' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body).sort()).toEqual(['language', 'name', 'time_zone'])
    for (const messages of Object.values(res.body)) expect(messages[0]).toEqual(expect.any(String))
    const after = await rest<ProfileResponse>(sandbox, ana(), 'GET', '/profile.json')
    expect(after.body.profile).toMatchObject({ name: 'Ana López', language: 'es', time_zone: 'Central America' })
  })

  it('applies none of a change when one field is invalid', async () => {
    const res = await rest(sandbox, ana(), 'PATCH', '/profile.json', { user: { name: 'Otra', language: 'de' } })
    expect(res.status).toBe(422)
    const after = await rest<ProfileResponse>(sandbox, ana(), 'GET', '/profile.json')
    expect(after.body.profile.name).toBe('Ana López')
  })

  it('answers 400 {error} when the user root key is missing', async () => {
    const res = await rest<{ error: string }>(sandbox, ana(), 'PATCH', '/profile.json', { name: 'Sin raíz' })
    expect(res.status).toBe(400)
    expect(res.body.error).toContain('user')
  })
})
