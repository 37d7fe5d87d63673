import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogueStatus } from '@shared/catalogue'
import type { ConnectionState } from '@shared/domain'
import { AppError } from '@shared/errors'
import { useCatalogueSnapshot } from '@renderer/stores/catalogueSnapshot'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The catalogue's state against a stand-in of the API client: what the core is asked, and its events.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const minute = 60_000
const status = (pulledAt: string): CatalogueStatus => ({
  entityId: 101,
  agency: null,
  pulledAt,
  stale: false,
  staleAfterMs: 120 * minute,
  pulling: false,
  counts: { bundles: 1, items: 1, agencies: 1 },
  lastError: null,
  capabilities: null,
})
const line = (clockOffsetMs: number | null): ConnectionState => ({
  online: true,
  link: 'online',
  lastContactAt: null,
  clockOffsetMs,
  since: null,
})
const announceLine = (clockOffsetMs: number | null) => announce('connection.changed', line(clockOffsetMs))
const statusReads = () => request.mock.calls.filter((c) => c[0] === 'catalogue.status').length

beforeEach(() => {
  resetApiStandIn()
})

describe("the catalogue's state", () => {
  it('is read again when the clocks turn out to differ by another minute or more: its age is told on them', async () => {
    // The core tells the snapshot's time on this computer's clock as it is now (clockStamp.ts): set right since the
    // pull, the same snapshot is older.
    request.mockResolvedValueOnce(status('2026-12-01T10:00:00.000Z')).mockResolvedValueOnce(status('2026-12-01T09:49:00.000Z'))
    const snapshot = useCatalogueSnapshot(() => undefined)
    await snapshot.loadStatus()
    expect(statusReads()).toBe(1)

    announceLine(null)
    announceLine(30_000)
    expect(statusReads()).toBe(1)

    announceLine(11 * minute)
    await vi.waitFor(() => expect(snapshot.status.value?.pulledAt).toBe('2026-12-01T09:49:00.000Z'))
    expect(statusReads()).toBe(2)
    // The same difference told again (the link's other changes carry it too): nothing more to read.
    announceLine(11 * minute + 5000)
    expect(statusReads()).toBe(2)
  })
})

describe("the catalogue's state after a switch of company", () => {
  it("is not the previous company's while the new company's cannot be read", async () => {
    request
      .mockResolvedValueOnce(status('2026-12-01T10:00:00.000Z'))
      .mockRejectedValueOnce(new AppError('internal', { detail: 'cache read failed' }))
    const snapshot = useCatalogueSnapshot(() => undefined)
    await snapshot.loadStatus()
    expect(snapshot.hasSnapshot.value).toBe(true)

    announce('entity.changed', {})
    await vi.waitFor(() => expect(snapshot.statusError.value).not.toBeNull())
    expect(snapshot.status.value).toBeNull()
  })
})
