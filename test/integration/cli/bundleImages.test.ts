import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { cli } from '../../support/cliRun'
import { notAnImage, oversizedPng, solidPng } from '../../support/sampleImages'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const asUser = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })
const bundleId = String(bundleFacts[101].deletable.id)
/** Nothing listens there: a command that got that far would fail with a network error, not a usage error. */
const nowhere = 'http://127.0.0.1:9'

function file(name: string, bytes: Buffer): string {
  const path = join(tempDir(), name)
  writeFileSync(path, bytes)
  return path
}

describe('mostrador bundles update --image', () => {
  it('sets image 1 by default and another slot with --image-slot; the service serves the file', async () => {
    await sandbox.reset()
    const png = solidPng(5, [20, 40, 60])
    const res = await cli(['--server', sandbox.url, '--json', 'bundles', 'update', bundleId, '--image', file('portada.png', png)], asUser())
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    const media = JSON.parse(res.stdout) as { images: { slot: number; url: string | null }[] }
    expect(media.images[0]!.url).toMatch(/\/portada\.png$/)
    expect(Buffer.from(await (await fetch(media.images[0]!.url!)).arrayBuffer()).equals(png)).toBe(true)

    const second = await cli(
      ['--server', sandbox.url, 'bundles', 'update', bundleId, '--image', file('lado.png', png), '--image-slot', '3'],
      asUser(),
    )
    expect(second.code).toBe(0)
    expect(second.stdout).toMatch(/Image 3 set: .*\/lado\.png/)
  })

  it('--remove-image N removes that image', async () => {
    await sandbox.reset()
    await cli(
      ['--server', sandbox.url, 'bundles', 'update', bundleId, '--image', file('quitar.png', solidPng(2, [1, 1, 1])), '--image-slot', '2'],
      asUser(),
    )
    const res = await cli(['--server', sandbox.url, '--json', 'bundles', 'update', bundleId, '--remove-image', '2'], asUser())
    expect(res.code).toBe(0)
    expect((JSON.parse(res.stdout) as { images: { url: string | null }[] }).images[1]!.url).toBeNull()
  })

  it('refuses a missing, too large or non-image file in plain words before anything is sent', async () => {
    const missing = await cli(['--server', nowhere, 'bundles', 'update', bundleId, '--image', join(tempDir(), 'no-existe.png')], asUser())
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/no-existe\.png: there is no such file/)

    const big = await cli(['--server', nowhere, 'bundles', 'update', bundleId, '--image', file('grande.png', oversizedPng())], asUser())
    expect(big.code).toBe(2)
    expect(big.stderr).toMatch(/grande\.png is 5\.0 MB; a bundle image may be at most 5 MB/)

    const text = await cli(['--server', nowhere, 'bundles', 'update', bundleId, '--image', file('foto.png', notAnImage)], asUser())
    expect(text.code).toBe(2)
    expect(text.stderr).toMatch(/foto\.png: the file is not a PNG, JPEG, GIF or WebP image/)

    const slot = await cli(['--server', nowhere, 'bundles', 'update', bundleId, '--remove-image', '6'], asUser())
    expect(slot.code).toBe(2)
    expect(slot.stderr).toMatch(/--remove-image must be a number from 1 to 5/)
  })
})
