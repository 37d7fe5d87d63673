import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bookedAgencies } from '@core/cache/bookedAgencies'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { tempDirInTest } from '../../../support/tempDir'

// A booking's updated_at is this computer's clock when it was written: a clock gone wrong since must not make the
// station's recent bookings old, or their agencies' stock stops being read by the routine pull.
const DAY = 86_400_000
const SERVICE_NOW = Date.parse('2026-12-01T12:00:00.000Z')

function cacheWith(bookings: { localId: string; to: number; updatedAt: string }[]) {
  const db = openMigrated(join(tempDirInTest('mostrador-booked-'), 'entity.sqlite'), entityMigrations)
  const insert = db.prepare(
    `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport, lines, created_at, updated_at)
     VALUES (?, NULL, 'synced', 1, ?, '2026-12-02', '', 0, '[]', ?, ?)`,
  )
  for (const b of bookings) insert.run(b.localId, b.to, b.updatedAt, b.updatedAt)
  return db
}

describe('the agencies a station booked for', () => {
  it.each([
    ['40 days fast', 40 * DAY],
    ['40 days slow', -40 * DAY],
  ])('are those of the last month, with a clock gone %s', (_, skew) => {
    const computerNow = SERVICE_NOW + skew
    const db = cacheWith([
      // Written yesterday, while this clock was right.
      { localId: 'read', to: 20, updatedAt: new Date(SERVICE_NOW - DAY).toISOString() },
      // Written an hour ago, by this clock as it is now.
      { localId: 'typed', to: 30, updatedAt: new Date(computerNow - 3_600_000).toISOString() },
      // Two months old by either clock.
      { localId: 'old', to: 40, updatedAt: new Date(Math.min(SERVICE_NOW, computerNow) - 60 * DAY).toISOString() },
    ])
    expect(bookedAgencies(db, new Date(computerNow), SERVICE_NOW - computerNow).sort((a, b) => a - b)).toEqual([1, 20, 30])
  })

  it('are those of the last month by this computer while the service clock is unknown', () => {
    const db = cacheWith([
      { localId: 'recent', to: 20, updatedAt: new Date(SERVICE_NOW - DAY).toISOString() },
      { localId: 'old', to: 40, updatedAt: new Date(SERVICE_NOW - 60 * DAY).toISOString() },
    ])
    expect(bookedAgencies(db, new Date(SERVICE_NOW), null).sort((a, b) => a - b)).toEqual([1, 20])
  })
})
