import type { OutboxEntry } from '@shared/bookings'
import type { ErrorPayload } from '@shared/errors'

// What the booking store asks of the outbox beside it in the same database (sync/outbox/outboxStore.ts implements it):
// declared here, in the layer below, so the cache never imports the sync layer.

export type OpenState = Exclude<OutboxEntry['state'], 'done'>

/** What the booking list shows of each booking's open entries. */
export interface OpenSummary {
  pending: number
  problem: ErrorPayload | null
}

export interface BookingOutbox {
  moveEntries(fromLocalId: string, toLocalId: string): void
  removeAll(localId: string): void
  openStates(localId: string): OpenState[]
  busy(localId: string): boolean
  busyBookings(): Set<string>
  /** The bookings with a picture not settled yet (sync/outbox/pictureQueue.ts). */
  picturesWaiting(): Set<string>
  openByBooking(): Map<string, OpenSummary>
  openOfMany(localIds: readonly string[]): Map<string, OpenSummary>
  openOf(localId: string): OpenSummary
}
