import type { Sqlite } from '@base/sqlite'
import type { CatalogueStore } from '@core/cache/catalogueStore'
import { durations } from './measure'

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

/** Milliseconds of each search of the list's first page (50 rows), after 50 to warm up. */
export function searchTimes(store: CatalogueStore, queries: readonly string[]): Promise<number[]> {
  let i = 0
  return durations(() => store.search({ query: queries[i++ % queries.length]!, limit: 50 }), queries.length, 50)
}
