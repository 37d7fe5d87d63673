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
