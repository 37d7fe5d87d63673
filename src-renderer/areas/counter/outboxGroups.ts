import type { OutboxEntry } from '@shared/bookings'

/** The outbox as the clerk thinks of it: waiting to go, refused, or in conflict. */
export interface OutboxGroups {
  waiting: OutboxEntry[]
  failed: OutboxEntry[]
  conflict: OutboxEntry[]
}

export function outboxGroups(entries: readonly OutboxEntry[]): OutboxGroups {
  const groups: OutboxGroups = { waiting: [], failed: [], conflict: [] }
  for (const e of entries) {
    if (e.state === 'done') continue
    if (e.state === 'failed') groups.failed.push(e)
    else if (e.state === 'conflict') groups.conflict.push(e)
    else groups.waiting.push(e)
  }
  return groups
}
