import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTrainingLauncher } from '@sandbox/trainingLauncher'
import { rest } from './sandboxClient'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'training-'))
  dirs.push(dir)
  return dir
}

const profileName = async (service: { url: string; email: string; token: string }) =>
  (await rest<{ profile: { name: string } }>(service, service, 'GET', '/profile.json')).body.profile.name

describe('the training launcher', () => {
  it('starts a loopback sandbox and hands back the first demo user', async () => {
    const launcher = createTrainingLauncher(freshDir())
    try {
      const service = await launcher.start()
      expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(service.email).toBe('ana.lopez@mostrador.test')
      expect(await profileName(service)).toBe('Ana López')
      // A second start while running gives the same service.
      expect(await launcher.start()).toEqual(service)
    } finally {
      await launcher.stop()
    }
  })

  it('resets training data, running or not, and keeps it across stop and start otherwise', async () => {
    const dataDir = freshDir()
    const launcher = createTrainingLauncher(dataDir)
    try {
      let service = await launcher.start()
      await rest(service, service, 'PATCH', '/profile.json', { user: { name: 'Practicante' } })
      await launcher.stop()
      const before = service.url
      service = await launcher.start()
      expect(await profileName(service)).toBe('Practicante')
      // Same address after a restart: a session signed in to it carries on.
      expect(service.url).toBe(before)

      await launcher.reset()
      expect(await profileName(service)).toBe('Ana López')

      await rest(service, service, 'PATCH', '/profile.json', { user: { name: 'Otra vez' } })
      await launcher.stop()
      await launcher.reset()
      service = await launcher.start()
      expect(await profileName(service)).toBe('Ana López')
    } finally {
      await launcher.stop()
    }
  })

  it('stops the service', async () => {
    const launcher = createTrainingLauncher(freshDir())
    const service = await launcher.start()
    await launcher.stop()
    await expect(fetch(`${service.url}/profile.json`)).rejects.toThrow()
    await launcher.stop()
  })
})
