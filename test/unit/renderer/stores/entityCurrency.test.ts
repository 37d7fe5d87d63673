import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The entity's currency against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const { useEntityCurrencyStore } = await import('@renderer/stores/entityCurrency')

const gtq = { id: 5, code: 'GTQ', symbol: 'Q', country: 'GT' }

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
})

describe("the entity's currency", () => {
  it("keeps a failed read's error, and no currency: the one read before may be the company left behind's", async () => {
    answers.set('company.currency', () => gtq)
    const store = useEntityCurrencyStore()
    await store.load()
    expect(store.currency).toEqual(gtq)

    answers.set('company.currency', () => {
      throw new AppError('network')
    })
    await store.load()
    expect(store.currency).toBeNull()
    expect(store.error?.code).toBe('network')

    answers.set('company.currency', () => gtq)
    await store.load()
    expect(store.currency).toEqual(gtq)
    expect(store.error).toBeNull()
  })
})
