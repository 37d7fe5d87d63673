import type { OutboxEntry } from '@shared/bookings'

/** The outbox as the clerk thinks of it: waiting to go, refused, in conflict, or waiting for the clerk to compare. */
export interface OutboxGroups {
  waiting: OutboxEntry[]
  held: OutboxEntry[]
  failed: OutboxEntry[]
  conflict: OutboxEntry[]
}

export function outboxGroups(entries: readonly OutboxEntry[]): OutboxGroups {
  const groups: OutboxGroups = { waiting: [], held: [], failed: [], conflict: [] }
  for (const e of entries) {
    if (e.state === 'done') continue
    if (e.state === 'failed') groups.failed.push(e)
    else if (e.state === 'conflict') groups.conflict.push(e)
    else if (e.state === 'held') groups.held.push(e)
    else groups.waiting.push(e)
  }
  return groups
}

/**
 * What giving up `entry` takes with it: the core drops the booking's later entries too (each was made on top of it),
 * so a ship or a delivery counted after a refused edit goes as well. In the order they were made, `entry` first.
 */
export function entriesGoingWith(entries: readonly OutboxEntry[], entry: OutboxEntry): OutboxEntry[] {
  return entries.filter((e) => e.localId === entry.localId && e.seq >= entry.seq && e.state !== 'done').sort((a, b) => a.seq - b.seq)
}
