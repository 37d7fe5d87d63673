import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTrainingLauncher } from '@sandbox/trainingLauncher'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { tempDir } from '../support/tempDir'

// Issue 30, item 4: right after "Restablecer datos de práctica" the bookings list
// said "Sin conexión… Revise la red." with the detail "the current entity is not
// known yet", while the status bar said "En línea": the reset drops the training
// account's kept profile, and the lists asked for the entity's cache before
// anything had read the profile again. The lists now have the profile read first.

let h: CoreHarness
const launcher = createTrainingLauncher(tempDir())

beforeAll(async () => {
  h = await coreHarness(tempDir(), { training: launcher })
  await h.call('session.startTraining')
  await h.call('profile.whoami')
  await h.call('bookings.list')
})
afterAll(async () => {
  await h?.close()
  await launcher.stop()
})

describe('training data reset', () => {
  it('leaves the lists readable at once, as the screens ask for them, without a network error', async () => {
    await h.call('session.resetTraining')
    // What the screens ask as the session change reaches them, all at once, before the shell reads the profile.
    const [bookings, outbox, setup, sync] = await Promise.all([
      h.call('bookings.list'),
      h.call('outbox.list'),
      h.call('counter.setup'),
      h.call('sync.status'),
    ])
    expect(bookings).toEqual([])
    expect(outbox).toEqual([])
    expect(setup.agency?.id).toBeGreaterThan(0)
    expect(sync).toMatchObject({ waiting: 0, failed: 0 })
    expect((await h.call('connection.status')).link).toBe('online')
  })
})
