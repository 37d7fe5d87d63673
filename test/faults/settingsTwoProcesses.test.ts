import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { beforeAll, expect, it } from 'vitest'
import { SettingsStore } from '@core/settingsStore'
import { bundleChild, startChild } from '../support/childProcess'
import { tempDirInTest } from '../support/tempDir'

// Two Mostrador processes on one data folder (the app and the CLI, or the browser host) each save settings.json
// while the other does: a save applies its change to the file as it is then, and one made between the other's read
// and its write must not be lost.
let child = ''
let lockChild = ''
beforeAll(async () => {
  ;[child, lockChild] = await Promise.all([bundleChild('settingsChild.ts'), bundleChild('processLockChild.ts')])
})

it("keeps every save of two processes that change the settings at once, none lost to the other's", async () => {
  const dir = tempDirInTest('mostrador-settings-')
  const rounds = 40
  const processes = [1, 1 + rounds].map((first) => startChild(child, ['add', dir, String(first), String(rounds)]))
  expect(await Promise.all(processes.map((p) => p.reached('ready')))).toEqual([true, true])
  for (const p of processes) p.tell('go')
  const ends = await Promise.all(processes.map((p) => p.ended))
  expect(ends.map((e) => [e.code, e.phases.at(-1)?.phase])).toEqual([
    [0, 'done'],
    [0, 'done'],
  ])
  const agencies = new SettingsStore(dir).get().preferences.stockAgencies
  expect([...agencies].sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * rounds }, (_, n) => n + 1))
}, 60_000)

it('saves all the same, after a moment, when another process stopped in the middle of its save', async () => {
  const dir = tempDirInTest('mostrador-settings-')
  const stalled = startChild(lockChild, ['hold', join(dir, 'settings.lock')])
  try {
    expect(await stalled.reached('held')).toBe(true)
    const started = performance.now()
    new SettingsStore(dir).setPreferences({ stockAgencies: [7] })
    expect(performance.now() - started).toBeGreaterThan(1_500)
    expect(new SettingsStore(dir).get().preferences.stockAgencies).toEqual([7])
  } finally {
    stalled.kill()
  }
}, 60_000)
