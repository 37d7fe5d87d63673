import { describe, expect, it } from 'vitest'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { outboxEntry, outboxOp, syncState, type OutboxEntry } from '@shared/bookings'
import { dispatchTabs } from '@renderer/areas/dispatch/dispatchLists'
import { outboxGroups } from '@renderer/areas/counter/outboxGroups'

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)
}

describe('dispatch and sync messages built at run time', () => {
  it('exist in both languages for every tab, operation, entry state and sync state the app can meet', () => {
    const keys = [
      ...dispatchTabs.flatMap((tab) => [`dispatch.tabs.${tab}`, `dispatch.empty.${tab}`]),
      ...outboxOp.options.map((op) => `syncCentre.ops.${op}`),
      ...outboxEntry.shape.state.options.map((state) => `syncCentre.states.${state}`),
      ...syncState.options.map((state) => `bookings.states.${state}`),
      ...['dispatched', 'carrier', 'received'].map((who) => `slip.signatures.${who}`),
    ]
    expect(keys.filter((key) => typeof lookup(es, key) !== 'string')).toEqual([])
    expect(keys.filter((key) => typeof lookup(en, key) !== 'string')).toEqual([])
  })
})

describe('outbox groups', () => {
  it('puts refused and conflicting entries apart from those still on their way, and leaves sent ones out', () => {
    const entry = (seq: number, state: OutboxEntry['state']): OutboxEntry => ({
      seq,
      localId: 'l',
      serviceId: null,
      origin: 'here',
      op: 'ship',
      state,
      attempts: 0,
      lastError: null,
      createdAt: '2026-01-01T00:00:00Z',
    })
    const groups = outboxGroups([
      entry(1, 'queued'),
      entry(2, 'sending'),
      entry(3, 'unknown'),
      entry(4, 'failed'),
      entry(5, 'conflict'),
      entry(6, 'done'),
    ])
    expect({
      waiting: groups.waiting.map((e) => e.seq),
      failed: groups.failed.map((e) => e.seq),
      conflict: groups.conflict.map((e) => e.seq),
    }).toEqual({
      waiting: [1, 2, 3],
      failed: [4],
      conflict: [5],
    })
  })
})
