import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// A create of ours read back by a refresh before it was confirmed is a copy of it: when the copy is merged into
// ours, a receiver's signature on either is kept, the latest when both were signed (one a booking).
const png = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, n])

function outboxWithSignatures(signed: { localId: string; at: string; receiver: string }[]) {
  const outbox = new OutboxStore(openMigrated(join(tempDirInTest('mostrador-adopt-'), 'entity.sqlite'), entityMigrations))
  signed.forEach((s, n) =>
    outbox.signatures.keep({ localId: s.localId, receiver: s.receiver, signedAt: s.at, takenBy: 'Ana', mime: 'image/png', bytes: png(n) }),
  )
  return outbox
}

describe('a copy merged into our booking', () => {
  it.each([
    ['ours', 'Rosa'],
    ['copy', 'Luis'],
  ])('keeps the later signature when %s was signed last', (last, receiver) => {
    const outbox = outboxWithSignatures([
      { localId: 'ours', at: last === 'ours' ? '2026-12-01T10:05:00.000Z' : '2026-12-01T10:00:00.000Z', receiver: 'Rosa' },
      { localId: 'copy', at: last === 'copy' ? '2026-12-01T10:05:00.000Z' : '2026-12-01T10:00:00.000Z', receiver: 'Luis' },
    ])
    outbox.moveEntries('copy', 'ours')
    expect(outbox.signatures.get('ours')?.receiver).toBe(receiver)
    expect(outbox.signatures.get('copy')).toBeNull()
  })

  it("keeps the copy's signature when ours has none", () => {
    const outbox = outboxWithSignatures([{ localId: 'copy', at: '2026-12-01T10:00:00.000Z', receiver: 'Luis' }])
    outbox.moveEntries('copy', 'ours')
    expect(outbox.signatures.get('ours')?.receiver).toBe('Luis')
  })
})
