import type { Sqlite } from '@base/sqlite'
import type { CatalogueStore } from '@core/cache/catalogueStore'
import { performance } from 'node:perf_hooks'

/**
 * The search bench's query mix: for 334 bundles, a scanned barcode (or the code), a code's first five characters and
 * a name word's first five letters; 1,000 queries. The bundles are drawn by a fixed hash of their ids, so runs before
 * and after a change time the same queries.
 */
export function mixedQueries(db: Sqlite): string[] {
  const sample = db
    .prepare<[], { code: string; name: string; ean13: string | null }>(
      'SELECT code, name, ean13 FROM bundles ORDER BY (id * 7919) % 10007, id LIMIT 334',
    )
    .all()
  return sample.flatMap((b) => [b.ean13 ?? b.code, b.code.slice(0, 5), b.name.split(/\s+/)[0]!.slice(0, 5)]).slice(0, 1000)
}

/**
 * Each search of the list's first page (50 rows), after 50 to warm up: its milliseconds on the clock and of processor
 * time. On a shared machine the clock's tail also holds the time the process waited for a core; the processor time
 * is what the search itself cost.
 */
export function searchTimes(store: CatalogueStore, queries: readonly string[]): { wall: number[]; cpu: number[] } {
  const search = (i: number) => store.search({ query: queries[i % queries.length]!, limit: 50 })
  for (let i = 0; i < 50; i++) search(i)
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < queries.length; i++) {
    const cpuStart = process.cpuUsage()
    const start = performance.now()
    search(i)
    wall.push(performance.now() - start)
    const used = process.cpuUsage(cpuStart)
    cpu.push((used.user + used.system) / 1000)
  }
  return { wall, cpu }
}
