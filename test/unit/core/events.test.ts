import { describe, expect, it } from 'vitest'
import { CoreEvents } from '@core/events'
import type { EventPayload } from '@shared/contract'

const online = { online: true, link: 'online', lastContactAt: null } as const

describe('the core events', () => {
  it('forwards what the contract allows to the transports and their own listeners', () => {
    const events = new CoreEvents()
    const forwarded: unknown[] = []
    const own: unknown[] = []
    events.onAny((name, payload) => forwarded.push({ name, payload }))
    events.on('connection.changed', (p) => own.push(p))
    events.emit('connection.changed', online)
    expect(forwarded).toEqual([{ name: 'connection.changed', payload: online }])
    expect(own).toEqual([online])
  })

  it('keeps a payload that breaks the contract from the transports and says which event it was', () => {
    const malformed: unknown[] = []
    const events = new CoreEvents((name, detail) => malformed.push({ name, detail }))
    const forwarded: unknown[] = []
    events.onAny((name, payload) => forwarded.push({ name, payload }))
    const broken = { online: 'yes', link: 'online', lastContactAt: null } as unknown as EventPayload<'connection.changed'>
    events.emit('connection.changed', broken)
    events.emit('connection.changed', online)
    expect(forwarded).toEqual([{ name: 'connection.changed', payload: online }])
    expect(malformed).toEqual([{ name: 'connection.changed', detail: expect.any(String) }])
  })
})
