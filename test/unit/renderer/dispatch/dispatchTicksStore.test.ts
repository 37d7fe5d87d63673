import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors'
import { useDispatchTicksStore } from '@renderer/areas/dispatch/stores/dispatchTicks'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The store against a stand-in of the API client: what it keeps, in which order, and for which entity.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
})

describe('the dispatch counts store', () => {
  it('reads what the core kept, shows a count at once and keeps it whole in order, and forgets a shipped booking', async () => {
    const kept: unknown[] = []
    request.mockImplementation(async (name: string, input: unknown) => {
      if (name === 'dispatch.ticks') return { entityId: 101, ticks: { a: { '3:5': '2' } } }
      if (name === 'dispatch.keepTicks') {
        kept.push(input)
        return { savedAt: '2026-11-24T10:00:00.000Z' }
      }
      throw new Error(`unexpected request ${name}`)
    })
    const store = useDispatchTicksStore()
    await store.load()
    expect(store.ticks).toEqual({ a: { '3:5': '2' } })

    const first = store.set('a', { '3:5': '3' })
    expect(store.ticks.a).toEqual({ '3:5': '3' })
    await store.set('b', { '4:-': '2.5' })
    await first
    await store.forget('a')
    expect(kept).toEqual([
      { entityId: 101, localId: 'a', ticks: { '3:5': '3' } },
      { entityId: 101, localId: 'b', ticks: { '4:-': '2.5' } },
      { entityId: 101, localId: 'a', ticks: {} },
    ])
    expect(store.ticks).toEqual({ b: { '4:-': '2.5' } })
    expect(store.saveError).toBeNull()
  })

  it("says when a count could not be kept, and reads the new entity's counts after a switch", async () => {
    let entity = 101
    request.mockImplementation(async (name: string) => {
      if (name === 'dispatch.ticks') return { entityId: entity, ticks: entity === 101 ? { a: { '3:5': '1' } } : {} }
      if (name === 'dispatch.keepTicks') throw new AppError('conflict')
      throw new Error(`unexpected request ${name}`)
    })
    const store = useDispatchTicksStore()
    await store.load()
    await store.set('a', { '3:5': '2' })
    // Still shown in this window, with the warning.
    expect(store.ticks.a).toEqual({ '3:5': '2' })
    expect(store.saveError?.code).toBe('conflict')
    // Shipping another booking, never counted, saves nothing: the warning about the count stays.
    await store.forget('never-counted')
    expect(store.saveError?.code).toBe('conflict')

    entity = 202
    announce('entity.changed', {})
    await vi.waitFor(() => expect(store.entityId).toBe(202))
    expect(store.ticks).toEqual({})
    expect(store.saveError).toBeNull()
  })
})
