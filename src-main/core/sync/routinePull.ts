import type { CatalogueCapabilities, PullProgress } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { fetchBundle, type ServiceBundleDetail } from '../api/bundlesApi'
import { idsAmong, idTables, readAgencyStock, readChangedBundles, readIdSet, type IdTable } from '../api/catalogueChanges'
import { readByIds, readReference } from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import { stampNow } from '../cache/clockStamp'
import { changedSince, newestSeen } from './bundlesSeen'
import type { AppliedCounts, CatalogueChanges, CatalogueChangeWriter } from '../cache/catalogueChangeWriter'

export interface RoutinePullDeps {
  /** The entity's catalogue, as the routine pull reads and changes it. */
  catalogue: CatalogueChangeWriter
  graphql: GraphqlClient
  rest: RestClient
  has: (extension: ServiceExtension) => Promise<boolean>
  now: () => Date
  serviceOffsetMs: () => number | null
  /** The agencies whose stock this station reads at every pull: its own and the setting's (its recent bookings' are added). */
  stockAgencies: readonly number[]
  onProgress: (p: PullProgress) => void
}

/**
 * Past this share of the catalogue changed, one full pull (whose REST list is one streamed answer)
 * costs less than a REST read of each changed bundle.
 */
const BY_ID_SHARE = 0.05
const BY_ID_MOST = 2_000
/** A routine pull removes at most half of a table's rows; past that, only a full pull is believed. */
const KEPT_SHARE_LEAST = 0.5
/** REST reads of changed bundles in flight at once. */
const BY_ID_AT_ONCE = 4

/**
 * A routine pull: only what changed since the last pull, read whole before
 * anything is written, then written in one transaction (catalogueChangeWriter).
 * Bundles changed since the newest `updated_at` the service sent (less a
 * margin) are read again by id over REST, which gives every column; items and
 * lots added since are those whose ids the cache lacks; rows the service no
 * longer has are found from their ids alone; the stock is read for the
 * station's agencies only; the REST list beside them when the last full
 * pull's was cut. Returns 'full' when only a full pull will do (no full pull
 * kept the service's time yet, or too much changed).
 */
export async function pullChanges(deps: RoutinePullDeps): Promise<AppliedCounts | 'full'> {
  const { catalogue } = deps
  const seen = catalogue.bundlesSeenUntil()
  const kept = catalogue.pulledCapabilities()
  if (seen === null || kept === null) return 'full'
  if (kept.bundleColumns) return changesPulled(deps, seen, kept, null)
  // The last full pull's REST list was cut (the bundles' barcodes come only from it): the list is read beside the
  // changes, not the whole catalogue again for it. Let go of at once if the pull fails or turns into a full one.
  const list = catalogue.listed.readFrom(deps.rest)
  try {
    return await changesPulled(deps, seen, kept, list.whole)
  } finally {
    await list.letGo()
  }
}

/** The routine pull's reads and write; `listRead`: the REST list being read beside them (whole: true). */
async function changesPulled(
  deps: RoutinePullDeps,
  seen: string,
  kept: CatalogueCapabilities,
  listRead: Promise<boolean> | null,
): Promise<AppliedCounts | 'full'> {
  const { catalogue, graphql } = deps
  // A question the line lost is no answer: the snapshot's own says what the service had (a start's first pull asks anew).
  const usable = (extension: ServiceExtension, had: boolean) => deps.has(extension).catch(() => had)
  const [tags, itemBarcodes] = await Promise.all([usable('bundleTags', kept.tags), usable('itemBarcodes', kept.itemBarcodes)])
  if (tags !== kept.tags || itemBarcodes !== kept.itemBarcodes) return 'full'
  const since = changedSince(seen)
  const cached = catalogue.rowCount('bundles')

  deps.onProgress({ phase: 'reference', done: 0, total: null })
  const changed: number[] = []
  const seenUntil = newestSeen(deps.now(), deps.serviceOffsetMs(), seen, catalogue.bundlesSeenEdge())
  for await (const page of readChangedBundles(graphql, since)) {
    for (const b of page) {
      if (seenUntil.readAsIs(b.id, b.updated_at)) continue
      changed.push(b.id)
      seenUntil.see(b.updated_at, b.id)
    }
    if (changed.length > Math.min(BY_ID_MOST, Math.max(50, cached * BY_ID_SHARE))) return 'full'
  }
  const reference = await readReference(graphql)
  // Ids that lost half a table (a role cut short, a page that came back empty) must not empty the cache: asked once
  // more (a page the line spoiled), then a full pull decides.
  const ids = {} as Record<IdTable, Set<number>>
  for (const table of idTables) {
    const believed = (set: Set<number>) => set.size >= catalogue.rowCount(table) * KEPT_SHARE_LEAST
    const read = await askedAgainUnless(believed, () => readIdSet(graphql, table))
    if (!read) return 'full'
    // A list cut short looks whole: what it left out is asked for by id before it goes.
    for (const id of await idsAmong(graphql, table, catalogue.notIn(table, read))) read.add(id)
    ids[table] = read
  }
  // Every id the cache lacks, not only those above its largest: a row committed late has an id below rows read before it.
  const newItems = await readByIds(graphql, 'items', catalogue.missing('items', ids.items), { itemBarcodes })
  const newLots = await readByIds(graphql, 'lots', catalogue.missing('lots', ids.lots))

  const agencies = [...new Set([...deps.stockAgencies, ...catalogue.bookedAgencies(deps.now(), deps.serviceOffsetMs())])]
  // The figures are as old as their read's start: the changed bundles' reads after it may take minutes on a slow line.
  const stamp = stampNow(deps.now(), deps.serviceOffsetMs())
  const stock = new Map<number, { lot_id: number; available: number }[]>()
  let done = 0
  for (const agency of agencies) {
    const readStock = async () => {
      const rows: { lot_id: number; available: number }[] = []
      for await (const page of readAgencyStock(graphql, agency)) {
        rows.push(...page)
        deps.onProgress({ phase: 'stock', done: (done += page.length), total: null })
      }
      return rows
    }
    // An answer that lost half of what the cache holds (a role cut short, a page that came back empty) is not believed.
    const rows = await askedAgainUnless((read) => read.length >= catalogue.stockRowCount(agency) * KEPT_SHARE_LEAST, readStock)
    if (!rows) return 'full'
    stock.set(agency, rows)
  }

  const bundles = await readBundles(deps.rest, changed, (n) => deps.onProgress({ phase: 'bundles', done: n, total: changed.length }))
  const changes: CatalogueChanges = {
    reference,
    newItems,
    newLots,
    ids,
    bundles,
    stock,
    bundlesSeenUntil: seenUntil.newest,
    bundlesSeenEdge: seenUntil.edge,
    stamp,
    restColumnsListed: (await listRead) ?? false,
  }
  deps.onProgress({ phase: 'indexing', done: 0, total: null })
  const counts = await catalogue.apply(changes)
  deps.onProgress({ phase: 'done', done: counts.bundles, total: changed.length })
  return counts
}

/** A read, asked once more when `believed` refuses it; null when the second is refused too. */
async function askedAgainUnless<T>(believed: (read: T) => boolean, read: () => Promise<T>): Promise<T | null> {
  const first = await read()
  if (believed(first)) return first
  const second = await read()
  return believed(second) ? second : null
}

/** The changed bundles, each by its REST show (every column, its components); one gone meanwhile is left to the ids. */
async function readBundles(rest: RestClient, ids: number[], progress: (done: number) => void): Promise<ServiceBundleDetail[]> {
  const out: ServiceBundleDetail[] = []
  let next = 0
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!
      try {
        out.push(await fetchBundle(rest, id))
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') continue
        next = ids.length
        throw err
      }
      progress(out.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(BY_ID_AT_ONCE, ids.length) }, worker))
  return out
}
