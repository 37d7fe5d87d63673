import type { OutboxEntry } from '@shared/bookings'
import type { ConnectionLink } from '@shared/domain'

/**
 * The words of an outbox entry's state in the Sync centre. While the line is not online, an entry
 * waiting to go says what will happen to it rather than what it is doing ("Comprobando" would promise
 * a check that cannot run): sent when the line is back, or, when its send may already have arrived,
 * confirmed (read back by its marker) first.
 */
export function entryStateKey(entry: Pick<OutboxEntry, 'state'>, link: ConnectionLink | null): string {
  const waiting = entry.state === 'queued' || entry.state === 'sending' || entry.state === 'unknown'
  if (!waiting || link === null || link === 'online') return `syncCentre.states.${entry.state}`
  return entry.state === 'queued' ? `syncCentre.willSend.${link}` : `syncCentre.willConfirm.${link}`
}

/** Whether the entry's last error is worth showing now: a waiting entry's transient failure only while the line is up. */
export function showsLastError(entry: Pick<OutboxEntry, 'state' | 'lastError'>, link: ConnectionLink | null): boolean {
  if (!entry.lastError) return false
  const waiting = entry.state === 'queued' || entry.state === 'sending' || entry.state === 'unknown'
  return !waiting || link === 'online' || link === null
}
