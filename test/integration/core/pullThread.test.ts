import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BookingsDelta } from '@shared/contract/events'
import type { PullProgress } from '@shared/catalogue'
import type { LocalBooking } from '@shared/bookings'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { observeStatements } from '@base/sqlite'
import { catalogueTables } from '@core/cache/migrations'
import { PULL_NICENESS } from '@core/sync/threadPriority'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { isGraphql, startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'
import { rest } from '../sandbox/sandboxClient'

// Issue 32, item 3: the counter never waits for a pull. The full pull runs in a thread of its own; the thread that
// answers the counter runs none of its statements, and hears from it what it must (progress, failures, the line).
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness
const mainThreadStatements: string[] = []

const signIn = async () => {
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
}

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  // Every statement of a database this thread opens from here on (the entity's cache among them).
  observeStatements((sql) => mainThreadStatements.push(sql))
  // A stalled page would hold a pull that is not stopped for a minute.
  h = await coreHarness(tempDir(), { requestTimeoutMs: 60_000 })
  await signIn()
})

afterAll(async () => {
  observeStatements(undefined)
  await h?.close()
  await proxy?.close()
  await sandbox?.close()
})

/** `check` while a full pull waits for the REST list of bundles (read by the pull's thread only); then the pull ends. */
async function whilePullWaits(check: () => Promise<void>): Promise<void> {
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  let stalled = false
  const hold = async () => {
    stalled = true
    await held
  }
  await proxy.during(
    (req) => (!stalled && /\/inventories\/bundles\.json/.test(req.url ?? '') ? { hold, afterForward: true } : null),
    async () => {
      const pulling = h.call('catalogue.pull', { full: true })
      await vi.waitFor(() => expect(stalled).toBe(true), { timeout: 10_000 })
      try {
        await check()
      } finally {
        release()
      }
      expect((await pulling).lastError).toBeNull()
    },
  )
}

describe('a full pull in its own thread', () => {
  it('fills the catalogue without one statement of its staging on the thread that answers the counter', async () => {
    mainThreadStatements.length = 0
    const status = await h.call('catalogue.pull', { full: true })
    expect(status.counts.bundles).toBeGreaterThan(0)
    expect(status.lastError).toBeNull()
    expect((await h.call('catalogue.search', { query: '' })).total).toBe(status.counts.bundles)
    // The counter's thread read the status and searched; the staged tables and the swap were the pull's thread's.
    expect(mainThreadStatements.length).toBeGreaterThan(0)
    const staged = new RegExp(`\\b((next|old)_(${catalogueTables.join('|')})|rest_bundle_columns)\\b`)
    expect(mainThreadStatements.filter((sql) => staged.test(sql)).map((sql) => sql.slice(0, 80))).toEqual([])
    const phases = new Set((h.seen('catalogue.progress') as PullProgress[]).map((p) => p.phase))
    expect([...phases]).toEqual(expect.arrayContaining(['reference', 'items', 'stock', 'bundles', 'indexing', 'done']))
  })

  it('a routine pull too: a bundle renamed on the service comes in, written by the pull’s thread', async () => {
    const [bundle] = (await h.call('catalogue.search', { query: '', limit: 1 })).rows
    const renamed = await rest(sandbox, sandbox.users[0]!, 'PATCH', `/inventories/bundles/${bundle!.id}.json`, {
      bundle: { name: 'Renombrado en otra computadora' },
    })
    expect(renamed.status).toBe(200)
    mainThreadStatements.length = 0
    await h.call('catalogue.pull')
    expect((await h.call('catalogue.search', { query: 'Renombrado en otra' })).rows.map((r) => r.id)).toEqual([bundle!.id])
    const written = new RegExp(`^\\s*(INSERT|UPDATE|DELETE|REPLACE)\\b[^;]*\\b(${catalogueTables.join('|')})\\b`, 'i')
    expect(mainThreadStatements.filter((sql) => written.test(sql)).map((sql) => sql.slice(0, 80))).toEqual([])
  })

  it('fails with the service’s refusal as it came, leaving the snapshot it had', async () => {
    const before = await h.call('catalogue.status')
    const refused = proxy.during(
      () => ({ byBody: (body) => (/lot_stocks\s*\(/.test(body) ? { status: 503, body: { error: 'maintenance' } } : null) }),
      () => h.call('catalogue.pull', { full: true }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    const after = await h.call('catalogue.status')
    expect(after.lastError).not.toBeNull()
    expect(after.counts).toEqual(before.counts)
    expect(after.pulledAt).toBe(before.pulledAt)
    // The refusal was told to the connection state, as a pull on this thread told it.
    expect((await h.call('connection.status')).link).not.toBe('online')
  })

  it('a word of the line it heard is not taken over a newer one heard meanwhile on the main thread', async () => {
    let refused = false
    const pull = proxy.during(
      (req) => ({
        byBody: (body) => {
          if (refused || !/lot_stocks\s*\(/.test(body)) return null
          refused = true
          // The pull's thread hears a 503 and tells it while this thread is busy (a long statement, a burst of
          // requests); meanwhile a heartbeat here finds the service answering again. The newer word must stand.
          req.socket.write(
            'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
          )
          const until = Date.now() + 1000
          while (Date.now() < until);
          h.core.services.connection.record('answered')
          return 'stall'
        },
      }),
      () => h.call('catalogue.pull', { full: true }),
    )
    await expect(pull).rejects.toMatchObject({ code: 'server' })
    expect(refused).toBe(true)
    expect((await h.call('connection.status')).link).toBe('online')
  })

  it('an answer to a question asked before the line dropped does not stand over the drop', async () => {
    let asked = false
    const pull = proxy.during(
      (req) => ({
        byBody: (body) => {
          if (asked || !/lot_stocks\s*\(/.test(body)) return null
          asked = true
          // Asked before the line dropped, answered (or heard, the pull's thread being busy or resting) after the
          // main thread found the service unreachable: a CI run showed «El servicio falla» where «Sin conexión» was.
          h.core.services.connection.record('unreachable')
          setTimeout(() => {
            req.socket.write(
              'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
            )
          }, 200)
          return 'stall'
        },
      }),
      () => h.call('catalogue.pull', { full: true }),
    )
    await expect(pull).rejects.toMatchObject({ code: 'server' })
    expect(asked).toBe(true)
    expect((await h.call('connection.status')).link).toBe('offline')
  })

  it('names the lines of bookings read before the first catalogue once it arrives', async () => {
    const { item, destination } = await bookableItem(h)
    const input = { agencyToId: destination, plannedDelivery: '2026-12-01', reference: 'antes del catálogo' }
    await h.call('bookings.create', { ...input, lines: [{ itemId: item, bookedQuantity: '1' }] })
    expect(await h.call('sync.push')).toMatchObject({ sent: 1 })

    // Another computer's first sign-in: the agency's bookings come before its first catalogue.
    const user = sandbox.users[0]!
    const other = await coreHarness(tempDir())
    try {
      await other.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
      await other.call('counter.refresh')
      const line = async () =>
        (await other.call('bookings.list')).find((b) => b.reference === input.reference)!.lines.find((l) => l.itemId === item)!
      expect((await line()).itemCode).toBeNull()

      await other.call('catalogue.pull')
      // The windows hold the list they were given: it comes again, named, without being asked for.
      const announced = other.seen('bookings.changed') as BookingsDelta[]
      const named = announced.at(-1)!.bookings.find((b) => b.reference === input.reference)
      expect(named?.lines.find((l) => l.itemId === item)?.itemCode).toBe((await line()).itemCode)
      expect((await line()).itemCode).not.toBeNull()
    } finally {
      await other.close()
    }
  })

  it('names a booking’s line again when a pull brings its item under a new name', async () => {
    const { item, destination } = await bookableItem(h)
    const input = { agencyToId: destination, plannedDelivery: '2026-12-01', reference: 'artículo renombrado' }
    await h.call('bookings.create', { ...input, lines: [{ itemId: item, bookedQuantity: '1' }] })
    const nameIn = (bookings: LocalBooking[]) =>
      bookings.find((b) => b.reference === input.reference)?.lines.find((l) => l.itemId === item)?.itemName
    // The windows were given the list with the item's name as it was.
    expect(nameIn(await h.call('bookings.list'))).not.toBe('Renombrado en el servicio')
    const before = h.seen('bookings.changed').length

    // Someone renamed the item on the service: the next full pull reads it so.
    const renamed = (answer: unknown) => {
      const items = (answer as { data?: { items?: { id: number; name: string }[] } }).data?.items
      for (const i of items ?? []) if (i.id === item) i.name = 'Renombrado en el servicio'
      return answer
    }
    await proxy.during(
      (req) => (isGraphql(req) ? { reshape: renamed, afterForward: true } : null),
      () => h.call('catalogue.pull', { full: true }),
    )
    // The list comes again, under the new name, without being asked for.
    const announced = (h.seen('bookings.changed') as BookingsDelta[]).slice(before).filter((d) => d.full)
    expect(nameIn(announced.at(-1)?.bookings ?? [])).toBe('Renombrado en el servicio')
    expect(nameIn(await h.call('bookings.list'))).toBe('Renombrado en el servicio')
  })

  it("leaves the log's checkpoints to its thread while it runs: a clerk's save never copies the pull's pages", async () => {
    // The core's own connection: whichever connection commits past 1,000 pages of the log checkpoints them, and syncs.
    const checkpointsAfter = () => h.core.services.bookings.local().store.db.pragma('wal_autocheckpoint', { simple: true })
    expect(checkpointsAfter()).toBe(1000)
    await whilePullWaits(async () => expect(checkpointsAfter()).toBe(0))
    expect(checkpointsAfter()).toBe(1000)
  })

  it('runs below the counter’s priority: when both want a processor, the counter’s thread has it first', async () => {
    const niceness = (task: string) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])
    const thisThread = readlinkSync('/proc/thread-self').split('/').pop()!
    await whilePullWaits(async () => {
      // Linux only: elsewhere Node sets no one thread's priority (threadPriority.ts).
      const lowered = readdirSync('/proc/self/task').filter((task) => niceness(task) === PULL_NICENESS)
      expect(lowered).toHaveLength(1)
      expect(niceness(thisThread)).toBe(0)
    })
  })

  it('stops when its account signs out, giving its requests up, and the next pull goes through', async () => {
    const before = await h.call('catalogue.status')
    let stalled = 0
    let givenUp = 0
    const pull = proxy.during(
      (req) => ({
        byBody: (body) => {
          if (!/bundles\s*\(/.test(body) || /_aggregate/.test(body)) return null
          stalled++
          req.socket.once('close', () => givenUp++)
          return 'stall'
        },
      }),
      async () => {
        const pulling = h.call('catalogue.pull', { full: true })
        pulling.catch(() => undefined)
        await vi.waitFor(() => expect(stalled).toBeGreaterThan(0), { timeout: 10_000 })
        await h.call('session.signOut')
        return pulling
      },
    )
    // Stopped at once (the account is gone), not at the stalled page's deadline.
    await expect(pull).rejects.toMatchObject({ code: 'signed_out' })
    await vi.waitFor(() => expect(givenUp).toBe(stalled), { timeout: 2000 })

    await signIn()
    const again = await h.call('catalogue.pull', { full: true })
    expect(again.lastError).toBeNull()
    expect(again.counts).toEqual(before.counts)
    expect(again.pulledAt! > before.pulledAt!).toBe(true)
  })
})
