import type { CatalogueStatus } from '@shared/catalogue'
import type { SessionStatus } from '@shared/domain'

// What the background schedulers drive, declared by them: the services above (session, catalogue, bookings)
// have these methods, so the sync layer never imports the services layer.

export interface SessionState {
  status(): SessionStatus
}

export interface CataloguePulls {
  status(): CatalogueStatus
  pull(): Promise<unknown>
}

export interface OutboxPushes {
  /** The earliest time an entry may go (one indexed question: it is asked every few seconds). */
  nextDueAt(): string | null
  push(): Promise<unknown>
}
