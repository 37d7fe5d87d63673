import { describe, expect, it } from 'vitest'
import { PageCache } from '@renderer/areas/catalogue/pageCache'

const page = (n: number, size = 10) => Array.from({ length: size }, (_, i) => n * size + i)

describe('catalogue page cache', () => {
  it('asks only for pages on screen that are neither held nor on their way', () => {
    const cache = new PageCache<number>(10, 2)
    expect(cache.missing(0, 25)).toEqual([0, 1, 2])
    cache.markPending(0)
    cache.store(1, page(1))
    expect(cache.missing(0, 25)).toEqual([2])
    expect(cache.row(13)).toBe(13)
    expect(cache.row(3)).toBeUndefined()
  })

  it('asks again for a page whose fetch failed', () => {
    const cache = new PageCache<number>(10, 2)
    cache.markPending(4)
    expect(cache.missing(40, 49)).toEqual([])
    cache.fail(4)
    expect(cache.missing(40, 49)).toEqual([4])
  })

  it('keeps only the pages near the viewport however far the list scrolls', () => {
    const cache = new PageCache<number>(100, 3)
    // Scroll through 100,000 rows one screen at a time.
    for (let first = 0; first < 100_000; first += 30) {
      const last = Math.min(99_999, first + 29)
      for (const p of cache.missing(first, last)) cache.store(p, page(p, 100))
      cache.evictFarFrom(first, last)
      expect(cache.heldPages.length).toBeLessThanOrEqual(3 * 2 + 2)
    }
    expect(cache.heldPages).toEqual([996, 997, 998, 999])
    expect(cache.row(99_999)).toBe(99_999)
  })

  it('forgets everything on clear, pending fetches included', () => {
    const cache = new PageCache<number>(10, 1)
    cache.store(0, page(0))
    cache.markPending(1)
    cache.clear()
    expect(cache.heldPages).toEqual([])
    expect(cache.missing(0, 19)).toEqual([0, 1])
  })
})
