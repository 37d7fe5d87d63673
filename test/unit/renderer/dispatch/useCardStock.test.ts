import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { AgencyStock } from '@shared/counter'
import { AppError } from '@shared/errors'
import type { CatalogueStatus } from '@shared/catalogue'
import { useCardStock } from '@renderer/areas/dispatch/composables/useCardStock'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'

// A dispatch card's «Existencias» against a stand-in of the API client: one request for the card's items, and a
// read that fails said as such, never as figures of 0.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const origin = 101
const destination = 102
const figure = (agencyId: number, available: number, readAt: string): AgencyStock => ({
  agencyId,
  agencyName: `A${agencyId}`,
  available,
  readAt,
})
const stockOf = (itemIds: number[]) =>
  itemIds.map((itemId) => ({
    itemId,
    agencies: [figure(origin, itemId * 10, '2026-12-01T10:00:00.000Z'), figure(destination, itemId, '2026-12-01T08:00:00.000Z')],
  }))

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
})

describe("a dispatch card's stock", () => {
  it("reads the card's items in one request, each once, and shows each end's figure with the age of an older one", async () => {
    answers.set('counter.stock', (input) => stockOf((input as { itemIds: number[] }).itemIds))
    const stock = useCardStock(
      () => [7, 8, 7],
      () => [origin, destination],
    )
    expect(stock.figure(7, origin)).toBeNull()
    await stock.toggle()
    // The card's two ends are asked for: one that holds none of an item comes as 0, with its own age.
    expect(sent).toEqual([{ name: 'counter.stock', input: { itemIds: [7, 8], agencyIds: [origin, destination] } }])
    expect(stock.figure(7, origin)).toEqual({ available: 70, readEarlierAt: null })
    expect(stock.figure(8, destination)).toEqual({ available: 8, readEarlierAt: Date.parse('2026-12-01T08:00:00.000Z') })
    // An agency with no lot of the item has none of it.
    expect(stock.figure(8, 999)).toEqual({ available: 0, readEarlierAt: null })
    await stock.toggle()
    expect(stock.shown.value).toBe(false)
  })

  it('says a read that failed, shows no figure, and reads again when asked', async () => {
    answers.set('counter.stock', () => {
      throw new AppError('network', { detail: 'connect ECONNREFUSED' })
    })
    const stock = useCardStock(() => [7])
    await stock.toggle()
    expect(stock.error.value?.code).toBe('network')
    expect(stock.shown.value).toBe(false)
    expect(stock.figure(7, origin)).toBeNull()
    expect(stock.loading.value).toBe(false)

    answers.set('counter.stock', (input) => stockOf((input as { itemIds: number[] }).itemIds))
    stock.retry()
    await vi.waitFor(() => expect(stock.loading.value).toBe(false))
    expect(stock.error.value).toBeNull()
    expect(stock.figure(7, origin)?.available).toBe(70)
    expect(sent).toHaveLength(2)
  })

  it('a second press while the read is under way reads nothing more', async () => {
    let answer!: (value: unknown) => void
    answers.set('counter.stock', () => new Promise((resolve) => (answer = resolve)))
    const stock = useCardStock(() => [7])
    const first = stock.toggle()
    expect(stock.loading.value).toBe(true)
    await stock.toggle()
    answer(stockOf([7]))
    await first
    expect(sent).toHaveLength(1)
    expect(stock.shown.value).toBe(true)
  })

  it('shows the age of a figure read before the age the status bar tells, though it be the item’s only one', async () => {
    answers.set('counter.stock', () => [{ itemId: 7, agencies: [figure(destination, 4, '2026-11-30T15:00:00.000Z')] }])
    useCatalogueStore().status = { pulledAt: '2026-12-01T10:00:00.000Z' } as CatalogueStatus
    const stock = useCardStock(() => [7])
    await stock.toggle()
    expect(stock.figure(7, destination)).toEqual({ available: 4, readEarlierAt: Date.parse('2026-11-30T15:00:00.000Z') })
  })
})
