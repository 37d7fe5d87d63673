import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BookingStore, type ListedBooking } from '@core/cache/bookingStore'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// The cache takes the service's view of a booking in our names and keeps it in its own columns: a refresh
// brings a booking made elsewhere, and a lock_version read later is kept only while the booking still shows
// here what the service showed with it (an edit on other content must not carry that version).
const AT = '2026-11-24T10:00:00.000Z'

function listed(extra: Partial<ListedBooking> = {}): ListedBooking {
  return {
    id: 9001,
    agencyFromId: 7,
    agencyToId: 8,
    bookerId: 33,
    plannedDelivery: '2026-12-01',
    reference: 'REF-1',
    needsTransport: true,
    transferRequestId: null,
    lines: [{ itemId: 501, bookedQuantity: '2', lotId: null, serialNumber: null, reference: null, bundleId: null }],
    shipped: false,
    delivered: false,
    voided: false,
    lockVersion: null,
    shippedAt: null,
    deliveredAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...extra,
  }
}

function refreshed() {
  const db = openMigrated(join(tempDirInTest('mostrador-merge-'), 'entity.sqlite'), entityMigrations)
  const store = new BookingStore(db, new OutboxStore(db))
  store.mergeFromService([listed()], () => 'from-service', AT, AT)
  return store
}

const header = { agencyToId: 8, plannedDelivery: '2026-12-01', reference: 'REF-1', needsTransport: true, shipped: false, delivered: false }

describe("the service's view of a booking in the cache", () => {
  it('a booking made elsewhere is listed as the service said it, without a version the list did not tell', () => {
    const store = refreshed()
    expect(store.list()).toEqual([
      expect.objectContaining({
        localId: 'from-service',
        serviceId: 9001,
        origin: 'service',
        state: 'synced',
        agencyFromId: 7,
        agencyToId: 8,
        bookerId: 33,
        plannedDelivery: '2026-12-01',
        reference: 'REF-1',
        needsTransport: true,
        lines: [expect.objectContaining({ itemId: 501, bookedQuantity: '2' })],
        createdAt: '2026-11-20T09:00:00.000Z',
      }),
    ])
    expect(store.lockVersionOf('from-service')).toBeNull()
  })

  it('takes a version read for the same content', () => {
    const store = refreshed()
    expect(store.takeVersion('from-service', { ...header, lockVersion: 4 }, AT)).toBe(true)
    expect(store.lockVersionOf('from-service')).toBe(4)
  })

  it('refuses a version read for other content, or none at all', () => {
    const store = refreshed()
    expect(store.takeVersion('from-service', { ...header, reference: 'changed elsewhere', lockVersion: 5 }, AT)).toBe(false)
    expect(store.takeVersion('from-service', { ...header, agencyToId: 9, lockVersion: 5 }, AT)).toBe(false)
    expect(store.takeVersion('from-service', { ...header, lockVersion: null }, AT)).toBe(false)
    expect(store.lockVersionOf('from-service')).toBeNull()
  })
})
