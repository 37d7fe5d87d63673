import type { CatalogueCapabilities, PullProgress } from '@shared/catalogue'
import {
  countedTables,
  countRows,
  readPages,
  readReference,
  type CountedTable,
  type GraphqlBundle,
  type PageExtensions,
} from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import type { CatalogueStaging } from '../cache/catalogueStaging'
import { stampNow } from '../cache/clockStamp'
import { newestSeen } from './bundlesSeen'
import { restageChangedBundles } from './stagedBundlesRead'
import { dropStagedGone } from './stagedGone'

/** Each table's rows on the service, as its count came (a table not yet counted has none). */
type Totals = Partial<Record<CountedTable, number | null>>

export interface PullDeps {
  /** The entity's catalogue, as the full pull writes its next snapshot. */
  staging: CatalogueStaging
  graphql: GraphqlClient
  rest: RestClient
  /** Whether the server has an extension (ServiceExtensions.has); a failed probe counts as without it. */
  has: (extension: ServiceExtension) => Promise<boolean>
  now: () => Date
  /** Asked for by the clerk («Actualizar todo»): all read now, nothing kept from a try the line cut. */
  afresh: boolean
  /** The service's clock minus this computer's as last measured (null: not yet), stamped with the pull's time. */
  serviceOffsetMs: () => number | null
  onProgress: (p: PullProgress) => void
}

/**
 * One full pull of the catalogue into the entity's cache: reference tables,
 * items, lots and stock, bundles with components and tags. Each page is
 * written into staging tables in small batches while the next is asked for,
 * and the tables are swapped in at once; until then the counter keeps searching
 * the old snapshot, and a failed pull leaves it untouched (cache/catalogueStaging.ts); the next try goes on
 * from the rows it staged (cache/stagedPull.ts).
 *
 * Only what the real service shows is required. Extensions (tags, item
 * barcodes, row counts) are read when the server has them; the bundle columns
 * GraphQL does not show come from the REST list, and without it the pull still
 * completes with those columns unknown. What was available is stored with the
 * snapshot, so the screens can say what is missing while offline.
 */
export async function pullCatalogue(deps: PullDeps): Promise<CatalogueCapabilities> {
  const { staging, graphql, rest, has, onProgress } = deps
  // A probe that times out or meets a 5xx leaves its extension unknown for this pull: the pull goes on without it.
  const usable = (extension: ServiceExtension) => has(extension).catch(() => false)
  onProgress({ phase: 'reference', done: 0, total: null })
  // Asked for beside the probes and the counts: each is a round trip a slow line makes once, not one after another.
  const referenceRead = readReference(graphql)
  referenceRead.catch(() => undefined) // awaited below; a pull that fails before that has its own error to tell
  const [bundleTags, itemBarcodes, rowCounts] = await Promise.all([usable('bundleTags'), usable('itemBarcodes'), usable('rowCounts')])
  // The REST list is read at once, beside the GraphQL pages, into a temporary table (never whole in memory),
  // and each batch of GraphQL bundles takes its columns from there as it is written.
  const list = staging.listed.readFrom(rest)
  // Totals only drive the progress bar: the first page is asked for before them and nothing waits for them (a count
  // on a large table is slow on some services); until a total comes the bar shows rows done. Those still coming when
  // the pull ends are given up (the CLI's process would wait for them).
  const totals: Totals = {}
  const counting = new AbortController()

  try {
    // A try the line cut left rows staged: this one goes on after each table's last.
    const from = await staging.begin({ itemBarcodes, bundleTags, reader: rest.account.email }, deps.now(), !deps.afresh)
    const items = askedAhead(readPages(graphql, 'items', { itemBarcodes }, undefined, undefined, from.after.items))
    for (const table of rowCounts ? countedTables : []) {
      countRows(graphql, table, counting.signal).then(
        (n) => (totals[table] = n),
        () => undefined, // a refused count is no total
      )
    }
    const reference = await referenceRead
    staging.writeReference(reference)

    let done = staging.stagedRows('items')
    for await (const batch of items) {
      staging.writeItems(batch)
      onProgress({ phase: 'items', done: (done += batch.length), total: totals.items ?? null })
    }

    for await (const batch of readPages(graphql, 'lots', {}, undefined, undefined, from.after.lots)) staging.writeLots(batch)
    // The stock is as old as its read's start (its first try's), not the swap's: the bundles take minutes on a slow line.
    const stockStamp = staging.stockReadFrom(stampNow(deps.now(), deps.serviceOffsetMs()))
    done = staging.stagedRows('lot_stocks')
    for await (const batch of readPages(graphql, 'lot_stocks', {}, undefined, undefined, from.after.lot_stocks)) {
      staging.writeStock(batch)
      onProgress({ phase: 'stock', done: (done += batch.length), total: totals.lot_stocks ?? null })
    }
    // What an earlier try staged and the service deleted since goes before the stock is summed.
    for (const table of ['items', 'lots'] as const) await dropStagedGone(staging, graphql, table, from.after[table])
    const bundles = askedAhead(readPages(graphql, 'bundles', { bundleTags }, undefined, undefined, from.after.bundles))
    await staging.sumStock()

    const restListRead = await list.whole
    const { seen, bundlesDone } = await stageBundles(deps, bundles, from.after.bundles, { bundleTags }, restListRead, totals)

    const capabilities: CatalogueCapabilities = { tags: bundleTags, itemBarcodes, bundleColumns: restListRead && staging.bundlesListed }
    onProgress({ phase: 'indexing', done: 0, total: null })
    const agencyIds = reference.agencies.map((a) => a.id)
    await staging.swapIn({ capabilities, bundlesSeenUntil: seen.newest, bundlesSeenEdge: seen.edge, agencyIds }, stockStamp)
    onProgress({ phase: 'done', done: bundlesDone, total: totals.bundles ?? null })
    return capabilities
  } catch (err) {
    staging.leave()
    throw err
  } finally {
    counting.abort()
    await list.letGo()
  }
}

/**
 * The bundles after those an earlier try staged (`last`), a batch at a time, with those it staged that the service
 * changed since put in their place and those it deleted since dropped. Returns the newest change the service stamped
 * on them (the next routine pull asks for what changed since: its clock, not ours) and how many are staged.
 */
async function stageBundles(
  deps: PullDeps,
  pages: AsyncIterable<GraphqlBundle[]>,
  last: number,
  extensions: PageExtensions,
  withRestColumns: boolean,
  totals: Totals,
) {
  const { staging } = deps
  const seen = newestSeen(deps.now(), deps.serviceOffsetMs())
  await restageChangedBundles(staging, deps.graphql, seen, last, extensions, withRestColumns)
  await dropStagedGone(staging, deps.graphql, 'bundles', last)
  let done = staging.stagedRows('bundles')
  for await (const batch of pages) {
    staging.writeBundles(batch, withRestColumns, seen.see)
    deps.onProgress({ phase: 'bundles', done: (done += batch.length), total: totals.bundles ?? null })
  }
  return { seen, bundlesDone: done }
}

/**
 * A table's pages with the first already asked for: the service prepares it while this computer finishes the table
 * before (its stock's sums, the REST list). A failure is thrown where the pages are read; one never read is quiet.
 */
function askedAhead<T>(pages: AsyncGenerator<T>): AsyncIterable<T> {
  const first = pages.next()
  first.catch(() => undefined)
  let firstTaken = false
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (firstTaken) return pages.next()
        firstTaken = true
        return first
      },
      return: async (value?: unknown) => pages.return(value as never),
    }),
  }
}
