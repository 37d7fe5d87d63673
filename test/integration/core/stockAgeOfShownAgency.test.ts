import { describe, expect, it } from 'vitest'
import { stockReadAt } from '@core/cache/catalogueMarks'
import { stampOnClockNow } from '@core/cache/clockStamp'
import { useProxiedSession } from '../../support/proxiedSession'

// The counter's and the catalogue's figures are the user's agency's (profile.lastKnown), and the status bar tells their
// age. A routine pull reads the stock of the agency the user had when it ran; the back office may move the employee to
// another branch since, and the app then shows that agency's figures, read by a full pull hours before: their age is
// that agency's last read, not the last pull's.

const HOURS = 60 * 60_000
let shiftMs = 0
const now = () => new Date(Date.now() + shiftMs)

const session = useProxiedSession({ requestTimeoutMs: 5000, now, serviceFile: true })

describe('the user moved to another agency', () => {
  it("the new agency's figures are told with their own age, and marked old", async () => {
    const { h, service, sandbox } = session
    const userId = service.prepare<[string], number>('SELECT id FROM users WHERE email = ?').pluck().get(sandbox.users[0]!.email)!
    const who = await h.call('profile.whoami')
    const entity = who.currentEntity!.id
    const before = who.agency!.id
    // Another agency of the entity, and an item it stocks (with a code to scan).
    const {
      agency: moved,
      item,
      code,
    } = service
      .prepare<[number, number], { agency: number; item: number; code: string }>(
        `SELECT s.agency_id AS agency, i.id AS item, i.code AS code FROM lot_stocks s JOIN lots l ON l.id = s.lot_id
         JOIN items i ON i.id = l.item_id JOIN agencies a ON a.id = s.agency_id
         WHERE a.entity_id = ? AND s.agency_id <> ? AND s.available >= 3 AND i.active = 1 ORDER BY s.id LIMIT 1`,
      )
      .get(entity, before)!
    shiftMs = 0
    await h.call('catalogue.pull', { full: true })
    // 20 hours later (the day's full pull not due): a routine pull reads the agency the user has then.
    shiftMs = 20 * HOURS
    await h.call('catalogue.pull')
    // The back office moves the employee to the other agency; their figures there changed since the full pull.
    service.prepare('UPDATE employees SET agency_id = ? WHERE user_id = ? AND entity_id = ?').run(moved, userId, entity)
    service
      .prepare('UPDATE lot_stocks SET available = available + 40 WHERE agency_id = ? AND lot_id IN (SELECT id FROM lots WHERE item_id = ?)')
      .run(moved, item)
    // The app reads the profile (a screen, a profile change): the counter now works for the other agency.
    expect((await h.call('profile.whoami')).agency!.id).toBe(moved)
    const status = await h.call('catalogue.status')
    expect(status.agency!.id).toBe(moved)
    const scanned = await h.call('counter.scan', { code, kind: 'item' })
    expect(scanned.kind).toBe('item')
    // The figure scanned is the full pull's (the service has 40 more now)...
    const onService = service
      .prepare<[number, number], number>(
        'SELECT sum(available) FROM lot_stocks WHERE agency_id = ? AND lot_id IN (SELECT id FROM lots WHERE item_id = ?)',
      )
      .pluck()
      .get(moved, item)!
    expect(scanned.kind === 'item' && scanned.item.item.available).toBe(onService - 40)
    const db = h.core.services.catalogue.store().db
    const stamp = stockReadAt(db).get(moved)!
    const readAt = Date.parse(stampOnClockNow(stamp, h.core.services.session.clockOffsetMs()))
    expect(now().getTime() - readAt).toBeGreaterThan(19 * HOURS)
    // The status bar, the catalogue and the booking form tell that read's age, and mark it old.
    const saidAt = Date.parse(status.pulledAt!)
    expect({ stale: status.stale, saidAgeHours: (now().getTime() - saidAt) / HOURS }).toEqual({
      stale: true,
      saidAgeHours: expect.any(Number),
    })
    expect(saidAt - readAt).toBeLessThan(60_000)
  }, 120_000)
})
