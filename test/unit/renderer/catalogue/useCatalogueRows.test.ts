import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { CatalogueQuery, CatalogueRow } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { answers } from '../../../support/renderer/apiStandIn'

// The catalogue list's paging against a stand-in of the API client: each search waits until the test answers it.
interface Asked {
  query: CatalogueQuery
  answer: (total?: number) => void
  refuse: (error: AppError) => void
}
const asked: Asked[] = []
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
function searchAsked(query: CatalogueQuery) {
  return new Promise((resolve, reject) => {
    const { offset = 0, limit = 100 } = query
    const rows = (total: number) => Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => row(query, offset + i))
    asked.push({ query, answer: (total = 1000) => resolve({ rows: rows(total), total, truncated: false }), refuse: reject })
  })
}
const { useCatalogueRows } = await import('@renderer/areas/catalogue/useCatalogueRows')

const row = (q: CatalogueQuery, n: number): CatalogueRow => ({
  id: n,
  code: `${q.query || 'all'}-${n}`,
  name: `Row ${n}`,
  ean13: null,
  active: true,
  categoryBundle: false,
  tags: [],
  components: 0,
  available: null,
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the catalogue list’s rows', () => {
  let query = ''
  const rows = () => useCatalogueRows(() => ({ query, tag: null, active: 'all' }), 10, 1)

  beforeEach(() => {
    setActivePinia(createPinia())
    asked.length = 0
    answers.set('catalogue.search', (input) => searchAsked(input as CatalogueQuery))
    query = ''
  })

  it('loads the rows on screen from the top, and is loading until they are in', async () => {
    const list = rows()
    list.show(0, 14)
    asked.length = 0
    const reloaded = list.reload(true)
    expect(list.loading.value).toBe(true)
    expect(asked.map((a) => a.query.offset)).toEqual([0, 10])
    for (const a of asked) a.answer(25)
    await reloaded
    expect(list.loading.value).toBe(false)
    expect(list.error.value).toBeNull()
    expect(list.total.value).toBe(25)
    expect(list.rowAt(12)?.code).toBe('all-12')
  })

  it('empties the list and keeps the error when the reload fails; a page read later clears it', async () => {
    const list = rows()
    const first = list.reload(true)
    asked[0]!.answer()
    await first
    const failed = list.reload(false)
    asked[1]!.refuse(new AppError('network'))
    await failed
    expect(list.loading.value).toBe(false)
    expect(list.error.value?.code).toBe('network')
    expect(list.rowAt(0)).toBeUndefined()
    list.show(0, 9)
    asked[2]!.answer()
    await settle()
    expect(list.error.value).toBeNull()
    expect(list.rowAt(0)?.code).toBe('all-0')
  })

  it('counts nothing for new filters whose read failed: the previous filters’ count goes with their rows', async () => {
    const list = rows()
    const first = list.reload(true)
    asked[0]!.answer(1234)
    await first
    expect(list.total.value).toBe(1234)
    query = 'tubo'
    const failed = list.reload(true)
    asked[1]!.refuse(new AppError('internal'))
    await failed
    expect(list.error.value?.code).toBe('internal')
    expect(list.rowAt(0)).toBeUndefined()
    expect(list.total.value).toBeNull()
    expect(list.truncated.value).toBe(false)
  })

  it('drops a reload overtaken by newer filters, and a page read before them', async () => {
    const list = rows()
    list.show(20, 29)
    const older = list.reload(false)
    query = 'tubo'
    const newer = list.reload(true)
    const fresh = asked.filter((a) => a.query.query === 'tubo')
    for (const a of fresh) a.answer(5)
    await newer
    for (const a of asked.filter((a) => a.query.query === '')) a.answer()
    await older
    await settle()
    expect(list.total.value).toBe(5)
    expect(list.rowAt(0)?.code).toBe('tubo-0')
    expect(list.loading.value).toBe(false)
  })
})
