import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '@base/sqlite'
import { readOutboxes } from '@core/support/cacheFiles'
import { tempDir } from '../../../support/tempDir'

// Doctor and the support bundle read every cache's outbox as it lies on disk, perhaps written by another
// version or damaged: a stored refusal is named by its code, and one that does not read is named so.
describe("doctor's read of an outbox", () => {
  it('names each stored refusal by its code, and one that does not read as unreadable', () => {
    const dir = tempDir()
    const db = openSqlite(join(dir, 'entity-7.sqlite'))
    db.exec(`CREATE TABLE outbox (seq INTEGER PRIMARY KEY, op TEXT, state TEXT, attempts INTEGER, last_error TEXT,
      created_at TEXT, sent_at TEXT, next_attempt_at TEXT, payload TEXT)`)
    const insert = db.prepare("INSERT INTO outbox VALUES (?, 'create', 'failed', 1, ?, '2026-11-28T10:00:00Z', NULL, NULL, ?)")
    insert.run(1, '{"code":"validation","message":{"es":"x","en":"x"}}', '{"agency_to_id":3}')
    insert.run(2, 'not json {', 'not json either')
    insert.run(3, '{"code":42}', '{}')
    insert.run(4, null, '{}')
    db.close()

    const [outbox] = readOutboxes(dir, true)
    expect(outbox?.file).toBe('entity-7.sqlite')
    expect(outbox?.rows.map((r) => r.errorCode)).toEqual(['validation', 'unreadable', 'unreadable', null])
    // The payloads, only when asked: one that does not read is given as its text.
    expect(outbox?.data?.outboxPayloads.map((p) => p.payload)).toEqual([{ agency_to_id: 3 }, 'not json either', {}, {}])
    expect(readOutboxes(dir)[0]?.data).toBeUndefined()
  })
})
