import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { createTrainingLauncher } from '@sandbox/trainingLauncher'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// Issue 30, item 8: in training mode a clerk can drop the line ("Simular sin
// conexión") to practise saving offline and the sync after; the app meets it
// exactly as a dropped line (connections refused), and nothing of the kind is
// possible outside training mode.

describe('training mode’s simulated dropped line', () => {
  let h: CoreHarness
  const launcher = createTrainingLauncher(tempDir())

  beforeAll(async () => {
    h = await coreHarness(tempDir(), { training: launcher })
    await h.call('session.startTraining')
    await h.call('catalogue.pull')
  })
  afterAll(async () => {
    await h?.close()
    await launcher.stop()
  })

  it('refuses connections while on, keeps what is saved, and sends it once the line is back', async () => {
    const { item, destination } = await bookableItem(h)
    const { serverUrl } = (await h.call('session.status')) as { serverUrl: string }

    const down = await h.call('session.trainingLine', { up: false })
    expect(down).toMatchObject({ state: 'signed_in', training: true, trainingLineDown: true })
    // As the app finds a dropped line: refused, the request surely never left; the status knows at once.
    await expect(fetch(`${serverUrl}/profile.json`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } })
    expect(await h.call('connection.status')).toMatchObject({ link: 'offline', online: false, since: expect.any(String) })

    const saved = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: '2026-12-01',
      reference: 'Práctica sin conexión',
      lines: [{ itemId: item, bookedQuantity: '1' }],
    })
    const offline = await h.call('sync.push')
    expect(offline).toMatchObject({ sent: 0, waiting: 1, connection: { link: 'offline' } })

    const up = await h.call('session.trainingLine', { up: true })
    expect(up).toMatchObject({ trainingLineDown: false, serverUrl })
    expect((await h.call('connection.status')).link).toBe('online')
    expect(await h.call('sync.push')).toMatchObject({ sent: 1, waiting: 0, connection: { link: 'online' } })
    const [booking] = (await h.call('bookings.list')).filter((b) => b.localId === saved.booking.localId)
    expect(booking?.serviceId).toBeGreaterThan(0)
  })

  it('puts the line back with the practice data on a reset', async () => {
    await h.call('session.trainingLine', { up: false })
    const status = await h.call('session.resetTraining')
    expect(status).toMatchObject({ training: true, trainingLineDown: false })
    expect((await h.call('bookings.list')).length).toBe(0)
  })
})

describe('outside training mode', () => {
  let sandbox: RunningSandbox
  let h: CoreHarness

  beforeAll(async () => {
    sandbox = await startSandbox()
    h = await coreHarness(tempDir(), { training: createTrainingLauncher(tempDir()) })
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  })
  afterAll(async () => {
    await h?.close()
    await sandbox?.close()
  })

  it('never drops a real service’s line', async () => {
    await expect(h.call('session.trainingLine', { up: false })).rejects.toMatchObject({ code: 'bad_input' })
    expect(await h.call('session.status')).not.toHaveProperty('trainingLineDown')
    expect((await fetch(`${sandbox.url}/profile.json`)).status).toBe(401)
  })
})
