import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '@sandbox'
import { control, gqlData, graphqlToken, rest } from './sandboxClient'

const dirs: string[] = []
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('a sandbox with a data folder', () => {
  it('keeps training data across a restart, until reset', async () => {
    const dataDir = freshDir()
    const first = await startSandbox({ dataDir })
    const ana = first.users[0]!
    await rest(first, ana, 'PATCH', '/profile.json', { user: { name: 'Ana en práctica' } })
    await rest(first, ana, 'PATCH', '/company.json', { selected_entity_id: '102' })
    await control(first, 'PUT', '/settings', { filter_destinations_by_agency_category: true })
    await first.close()
    expect(existsSync(join(dataDir, 'sandbox.sqlite'))).toBe(true)

    const second = await startSandbox({ dataDir })
    try {
      const profile = await rest<{ profile: { name: string } }>(second, ana, 'GET', '/profile.json')
      expect(profile.body.profile.name).toBe('Ana en práctica')
      expect((await rest<{ id: string }>(second, ana, 'GET', '/company.json')).body.id).toBe('102')
      expect((await control(second, 'GET', '/settings')).body).toMatchObject({ filter_destinations_by_agency_category: true })

      await second.reset()
      expect((await rest<{ profile: { name: string } }>(second, ana, 'GET', '/profile.json')).body.profile.name).toBe('Ana López')
    } finally {
      await second.close()
    }
    expect(existsSync(dataDir)).toBe(true)
  })

  it('keeps the JWT secret, so a token survives a restart', async () => {
    const dataDir = freshDir()
    const first = await startSandbox({ dataDir })
    const jwt = await graphqlToken(first, first.users[0]!)
    await first.close()
    const second = await startSandbox({ dataDir })
    try {
      expect(await gqlData<{ agencies: unknown[] }>(second, jwt, '{ agencies { id } }')).toMatchObject({ agencies: expect.any(Array) })
    } finally {
      await second.close()
    }
  })

  it('without a data folder, uses a temporary one and removes it on close', async () => {
    const tmp = freshDir()
    const saved = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      const sandbox = await startSandbox()
      const created = readdirSync(tmp)
      expect(created).toHaveLength(1)
      expect(created[0]).toMatch(/^mostrador-sandbox-/)
      expect(readdirSync(join(tmp, created[0]!))).toContain('sandbox.sqlite')
      await sandbox.close()
      await sandbox.close()
      expect(readdirSync(tmp)).toEqual([])
    } finally {
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
    }
  })

  it('serves on the asked port and host', async () => {
    const probe = await startSandbox()
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const sandbox = await startSandbox({ port, host: '127.0.0.1' })
    try {
      expect(sandbox.url).toBe(`http://127.0.0.1:${port}`)
      expect(sandbox.graphqlUrl).toBe(`http://127.0.0.1:${port}/v1/graphql`)
    } finally {
      await sandbox.close()
    }
  })
})
