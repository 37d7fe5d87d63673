import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { CatalogueQuery, CatalogueRow } from '@shared/catalogue'
import { AppError } from '@shared/errors'

// The catalogue list's paging against a stand-in of the API client: each search waits until the test answers it.
interface Asked {
  query: CatalogueQuery
  answer: (total?: number) => void
  refuse: (error: AppError) => void
}
const api = vi.hoisted(() => ({ asked: [] as Asked[] }))
vi.mock('@renderer/api', () => ({
  request: (name: string, query: CatalogueQuery) =>
    new Promise((resolve, reject) => {
      if (name !== 'catalogue.search') return reject(new Error(`unexpected request ${name}`))
      const { offset = 0, limit = 100 } = query
      const rows = (total: number) => Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => row(query, offset + i))
      api.asked.push({ query, answer: (total = 1000) => resolve({ rows: rows(total), total, truncated: false }), refuse: reject })
    }),
  onEvent: () => () => undefined,
}))
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
    api.asked.length = 0
    query = ''
  })

  it('loads the rows on screen from the top, and is loading until they are in', async () => {
    const list = rows()
    list.show(0, 14)
    api.asked.length = 0
    const reloaded = list.reload(true)
    expect(list.loading.value).toBe(true)
    expect(api.asked.map((a) => a.query.offset)).toEqual([0, 10])
    for (const a of api.asked) a.answer(25)
    await reloaded
    expect(list.loading.value).toBe(false)
    expect(list.error.value).toBeNull()
    expect(list.total.value).toBe(25)
    expect(list.rowAt(12)?.code).toBe('all-12')
  })

  it('empties the list and keeps the error when the reload fails; a page read later clears it', async () => {
    const list = rows()
    const first = list.reload(true)
    api.asked[0]!.answer()
    await first
    const failed = list.reload(false)
    api.asked[1]!.refuse(new AppError('network'))
    await failed
    expect(list.loading.value).toBe(false)
    expect(list.error.value?.code).toBe('network')
    expect(list.rowAt(0)).toBeUndefined()
    list.show(0, 9)
    api.asked[2]!.answer()
    await settle()
    expect(list.error.value).toBeNull()
    expect(list.rowAt(0)?.code).toBe('all-0')
  })

  it('drops a reload overtaken by newer filters, and a page read before them', async () => {
    const list = rows()
    list.show(20, 29)
    const older = list.reload(false)
    query = 'tubo'
    const newer = list.reload(true)
    const fresh = api.asked.filter((a) => a.query.query === 'tubo')
    for (const a of fresh) a.answer(5)
    await newer
    for (const a of api.asked.filter((a) => a.query.query === '')) a.answer()
    await older
    await settle()
    expect(list.total.value).toBe(5)
    expect(list.rowAt(0)?.code).toBe('tubo-0')
    expect(list.loading.value).toBe(false)
  })
})
