import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { logFiles } from '@core/logging/logger'
import type { OpenBookingForm } from '@shared/openBooking'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// The booking a clerk is typing, kept in the entity's cache so a reload, a crash
// or a restart finds it again: kept and read back per entity, refused in another
// entity, dropped (with a log line) when what was kept no longer reads.
let sandbox: RunningSandbox
let h: CoreHarness
let dataDir: string
let logDir: string
let first: number
let second: number
const user = () => sandbox.users[0]!

const form = (over: Partial<OpenBookingForm> = {}): OpenBookingForm => ({
  destination: 12,
  plannedDelivery: '2026-11-24',
  reference: 'Pedido de la tarde',
  needsTransport: false,
  transferRequestId: null,
  lines: [
    {
      key: 1,
      itemId: 31,
      code: 'ART-31',
      name: 'Tornillo 3/8',
      available: 40,
      lots: [{ id: 5, name: 'L-5', expires: '2027-01-31', available: 12 }],
      lotId: 5,
      quantity: '2',
      serialNumber: '',
      reference: '',
      bundleId: null,
      bundleCode: null,
    },
  ],
  ...over,
})

const logText = () =>
  logFiles(logDir)
    .map((f) => readFileSync(f.file, 'utf8'))
    .join('')

/** What a crash halfway through a write, or another version of the app, could leave in the cache. */
function spoil(entityId: number, value: string): void {
  const file = findFile(dataDir, `entity-${entityId}.sqlite`)
  const db = new Database(file)
  try {
    db.prepare("UPDATE documents SET value = ? WHERE key = 'counter_open_booking'").run(value)
  } finally {
    db.close()
  }
}

function findFile(dir: string, name: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      const found = findFile(path, name)
      if (found) return found
    } else if (entry.name === name) return path
  }
  return ''
}

beforeAll(async () => {
  sandbox = await startSandbox()
  const dir = tempDir()
  dataDir = join(dir, 'data')
  logDir = join(dir, 'logs')
  h = await coreHarness(dataDir, { requestTimeoutMs: 3000, logDir })
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
  const who = await h.call('profile.whoami')
  first = who.currentEntity!.id
  second = who.memberships.find((m) => !m.current && m.active)!.entity.id
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('the open booking', () => {
  it('is kept, read back as typed with the time it was kept, and gone once cleared', async () => {
    expect(await h.call('counter.openBooking')).toEqual({ entityId: first, open: null })
    const { savedAt } = await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
    expect(Date.parse(savedAt)).not.toBeNaN()
    expect((await h.call('counter.openBooking')).open).toEqual({ entityId: first, form: form(), savedAt })

    // Each keystroke replaces what was kept: one open booking per entity.
    await h.call('counter.keepOpenBooking', { entityId: first, form: form({ reference: 'Pedido de la tarde, 2' }) })
    expect((await h.call('counter.openBooking')).open?.form.reference).toBe('Pedido de la tarde, 2')

    await h.call('counter.dropOpenBooking', { entityId: first })
    expect((await h.call('counter.openBooking')).open).toBeNull()
    // It was never a booking: nothing in the list, nothing waiting to be sent.
    expect(await h.call('sync.status')).toMatchObject({ waiting: 0, failed: 0 })
  })

  it('belongs to the entity it was started in: another entity starts empty, and switching back finds it', async () => {
    await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
    await h.call('entity.switch', { entityId: second })
    try {
      expect(await h.call('counter.openBooking')).toEqual({ entityId: second, open: null })
      // A save still under way for the first entity when the switch landed is refused, not written here.
      const err = await h.call('counter.keepOpenBooking', { entityId: first, form: form({ reference: 'tarde' }) }).catch((e: unknown) => e)
      expect(err).toMatchObject({ code: 'conflict' })
      expect((await h.call('counter.openBooking')).open).toBeNull()
      await h.call('counter.keepOpenBooking', { entityId: second, form: form({ reference: 'Segunda empresa', lines: [] }) })
      expect((await h.call('counter.openBooking')).open?.form.reference).toBe('Segunda empresa')
    } finally {
      await h.call('entity.switch', { entityId: first })
    }
    expect((await h.call('counter.openBooking')).open).toMatchObject({ entityId: first, form: form() })
    expect(await h.call('counter.dropOpenBooking', { entityId: second }).catch((e: unknown) => e)).toMatchObject({ code: 'conflict' })
  })

  it('survives the core closing and opening again on the same data folder', async () => {
    await h.call('counter.keepOpenBooking', { entityId: first, form: form({ reference: 'antes del corte' }) })
    const secrets = h.secrets
    await h.close()
    // The same keychain: the restarted app is still signed in.
    h = await coreHarness(dataDir, { requestTimeoutMs: 3000, logDir, secrets })
    await h.call('profile.whoami')
    expect((await h.call('counter.openBooking')).open?.form).toEqual(form({ reference: 'antes del corte' }))
  })

  it('is dropped with a log line, not thrown, when what was kept no longer reads', async () => {
    for (const [i, spoilt] of [
      '{"entityId": 1, "form": {"lin',
      JSON.stringify({ entityId: first, form: { ...form(), lines: [{ key: 'x' }] } }),
    ].entries()) {
      await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
      spoil(first, spoilt)
      expect((await h.call('counter.openBooking')).open).toBeNull()
      // Dropped, so the next read is clean and the clerk can type a new one.
      expect((await h.call('counter.openBooking')).open).toBeNull()
      await expect.poll(() => logText().split('open booking dropped').length - 1).toBe(i + 1)
    }
    await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
    expect((await h.call('counter.openBooking')).open?.form).toEqual(form())
  })

  it('goes in the same save that makes it a booking, and stays when a booking is made elsewhere (the CLI)', async () => {
    const { item, destination } = await bookableItem(h)
    const line = { itemId: item, bookedQuantity: '1' }
    const today = (await h.call('counter.setup')).today
    await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
    await h.call('bookings.create', { agencyToId: destination, plannedDelivery: today, lines: [line], draft: true })
    expect((await h.call('counter.openBooking')).open?.form).toEqual(form())
    const { booking } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: today,
      lines: [line],
      draft: true,
      fromOpenBooking: true,
    })
    expect((await h.call('counter.openBooking')).open).toBeNull()
    expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'draft' })

    // A save refused at the border keeps the form: nothing was saved.
    await h.call('counter.keepOpenBooking', { entityId: first, form: form() })
    const refused = await h
      .call('bookings.create', { agencyToId: destination, plannedDelivery: today, lines: [], fromOpenBooking: true })
      .catch((e: unknown) => e)
    expect(refused).toMatchObject({ code: 'bad_input' })
    expect((await h.call('counter.openBooking')).open?.form).toEqual(form())
  })

  it('refuses a form that is not one at the border', async () => {
    const err = await h
      .call('counter.keepOpenBooking', {
        entityId: first,
        form: { ...form(), lines: [{ ...form().lines[0]!, quantity: 2 as unknown as string }] },
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'bad_input' })
  })
})
