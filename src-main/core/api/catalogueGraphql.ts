import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { GraphqlClient } from './graphqlClient'
import type { ServiceBundle } from './bundlesApi'
import { bool, count, decimalNumber, id, nullableBool, nullableDate, nullableId, nullableText, nullableTimestamp, text } from './normalise'

/**
 * The GraphQL reads behind a catalogue pull. Big tables are read a page at a
 * time by keyset (`id > last`), so a pull never holds more than one page and
 * never pays for a deep OFFSET on the service.
 */

export const PAGE_SIZE = 5000

const countOf = (table: string) => z.object({ [`${table}_aggregate`]: z.object({ aggregate: z.object({ count: z.number().int() }) }) })

export type CountedTable = 'items' | 'bundles' | 'lot_stocks'
export const countedTables: readonly CountedTable[] = ['items', 'bundles', 'lot_stocks']

/** The query of a table's row count (for the pull's progress). */
export function countQuery(table: CountedTable): string {
  return `{ ${table}_aggregate { aggregate { count } } }`
}

/** A table's row count; `signal` gives it up (a count no longer wanted: the pull it was for has ended). */
export async function countRows(graphql: GraphqlClient, table: CountedTable, signal?: AbortSignal): Promise<number> {
  const data = await graphql.data(countQuery(table), countOf(table), undefined, signal)
  return (data[`${table}_aggregate`] as { aggregate: { count: number } }).aggregate.count
}

const itemRow = z.object({
  id,
  code: text,
  name: text,
  // Only with the itemBarcodes extension: the real service shows barcodes on bundles, not items.
  ean13: nullableText,
  measurement_unit: nullableText,
  item_category_id: nullableId,
  active: z.preprocess((v) => v ?? true, bool),
})
export type PulledItem = z.output<typeof itemRow>

const lotRow = z.object({ id, item_id: id, name: nullableText, expires: nullableDate })
export type PulledLot = z.output<typeof lotRow>

const stockRow = z.object({ id, lot_id: id, agency_id: id, available: decimalNumber })
export type PulledStock = z.output<typeof stockRow>

const flag = z.preprocess((v) => v ?? false, bool)

/** A bundle as the real GraphQL shows it (BundleGraphQL); `tags` only with the bundleTags extension. */
const bundleRow = z.object({
  id,
  code: text,
  name: text,
  description: nullableText,
  updated_at: nullableTimestamp,
  item_category_id: nullableId,
  active: flag,
  bundle_details_count: z.preprocess((v) => v ?? 0, count),
  force_as_service_for_document_external_storage_service: flag,
  bundle_details: z.array(z.object({ id: nullableId, item_id: id, quantity: z.union([z.string(), z.number()]).transform(String) })),
  tags: z.preprocess((v) => v ?? [], z.array(text)),
})
export type GraphqlBundle = z.output<typeof bundleRow>
/** The fields a GraphQL bundle row has, whatever the page carried (tags read as [] without the extension). */
export const graphqlBundleFields = Object.keys(bundleRow.shape) as (keyof GraphqlBundle)[]

/** A bundle as the cache keeps it: the GraphQL columns, the REST list's other columns, components and tags. */
export type PulledBundle = Omit<ServiceBundle, 'image' | 'image2' | 'image3' | 'image4' | 'image5'> & {
  bundle_details: GraphqlBundle['bundle_details']
}

const ITEM_FIELDS = 'id code name measurement_unit item_category_id active'
const BUNDLE_FIELDS = `id code name description updated_at item_category_id active bundle_details_count
  force_as_service_for_document_external_storage_service bundle_details { id item_id quantity }`

/** What the server offers beyond the real service, decided before the pull (serviceExtensions.ts). */
export interface PageExtensions {
  itemBarcodes?: boolean
  bundleTags?: boolean
}

const pages = {
  items: { fields: (x: PageExtensions) => (x.itemBarcodes ? `${ITEM_FIELDS} ean13` : ITEM_FIELDS), row: itemRow },
  lots: { fields: () => 'id item_id name expires', row: lotRow },
  lot_stocks: { fields: () => 'id lot_id agency_id available', row: stockRow },
  bundles: { fields: (x: PageExtensions) => (x.bundleTags ? `${BUNDLE_FIELDS} tags` : BUNDLE_FIELDS), row: bundleRow },
} as const
type Paged = keyof typeof pages
type RowOf<T extends Paged> = z.output<(typeof pages)[T]['row']>

export const pagedTables = Object.keys(pages) as Paged[]
type ByIdTable = Exclude<Paged, 'lot_stocks'>

/** The query of one keyset page (variables `after` and `limit`). */
export function pageQuery(table: Paged, extensions: PageExtensions = {}): string {
  return `query($after: bigint!, $limit: Int!) { ${table}(where: {id: {_gt: $after}}, order_by: [{id: asc}], limit: $limit) { ${pages[table].fields(extensions)} } }`
}

/**
 * The query of some rows by id (variable `ids`): those a routine pull finds on the service and not in the cache, the
 * bundles changed since a full pull's earlier try staged them.
 */
export function byIdQuery(table: ByIdTable, extensions: PageExtensions = {}): string {
  return `query($ids: [bigint!]!) { ${table}(where: {id: {_in: $ids}}, order_by: [{id: asc}]) { ${pages[table].fields(extensions)} } }`
}

/** Ids asked for at once: a few kilobytes of request. */
export const BY_ID_CHUNK = 1000

/**
 * The rows of `ids` the service has (one deleted meanwhile is not among them). A role's row limit may answer a chunk
 * short: what it left out is asked again until a read brings none.
 */
export async function readByIds<T extends ByIdTable>(
  graphql: GraphqlClient,
  table: T,
  ids: readonly number[],
  extensions: PageExtensions = {},
): Promise<RowOf<T>[]> {
  const rows = z.array(pages[table].row) as unknown as z.ZodType<RowOf<T>[]>
  const query = byIdQuery(table, extensions)
  const out: RowOf<T>[] = []
  let left = [...ids]
  while (left.length > 0) {
    const chunk = left.slice(0, BY_ID_CHUNK)
    const parsed = rows.safeParse(await graphql.page(query, { ids: chunk }, table))
    if (!parsed.success)
      throw new AppError('bad_response', { detail: `GraphQL data: ${table} ${parsed.error.issues[0]?.message ?? ''}`.trim() })
    const asked = new Set(chunk)
    const came = parsed.data.filter((r) => asked.has((r as { id: number }).id))
    out.push(...came)
    const read = new Set(came.map((r) => (r as { id: number }).id))
    const unread = chunk.filter((id) => !read.has(id))
    // None of the chunk came: those are gone from the service; some came: the rest may be past a row limit.
    left = [...(read.size > 0 ? unread : []), ...left.slice(chunk.length)]
  }
  return out
}

/**
 * Rows handed on at a time, by table: few enough that writing them holds the thread a few milliseconds (a clerk's
 * scan that arrives meanwhile waits for one batch), enough for one transaction each. A bundle costs about five items
 * to write (its record, components, tags and search words), an item a few stock rows. Bundles by 250 doubled the
 * scan's p99 during a pull (42 ms beside 21-27).
 */
export const BATCH_ROWS: Record<Paged, number> = { items: 200, lots: 500, lot_stocks: 500, bundles: 100 }

/**
 * Yields the rows of a table in id order, a batch at a time, until a page comes
 * back empty. The next page is asked for as soon as a page is in, before its
 * rows are checked and written: the service works out page N+1 while this
 * computer writes page N, so a pull costs the longer of the two, not their sum
 * (a page of 5,000 is a few MB at most). A row the schema refuses fails the
 * read, as a refused page did. `from`: only rows with a greater id (those added
 * since a pull whose largest id it is).
 */
export async function* readPages<T extends Paged>(
  graphql: GraphqlClient,
  table: T,
  extensions: PageExtensions = {},
  pageSize = PAGE_SIZE,
  batchSize = BATCH_ROWS[table],
  from = 0,
): AsyncGenerator<RowOf<T>[]> {
  // Checked a batch at a time: one schema call per row costs several times the rows' own parsing.
  const rows = z.array(pages[table].row) as unknown as z.ZodType<RowOf<T>[]>
  const query = pageQuery(table, extensions)
  const checked = (raw: unknown[], from: number): RowOf<T>[] => {
    const parsed = rows.safeParse(raw)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const [at = 0, ...path] = issue?.path ?? []
    throw new AppError('bad_response', {
      detail: `GraphQL data: ${table}.${from + Number(at)}.${path.join('.')} ${issue?.message ?? ''}`.trim(),
    })
  }
  const page = (after: number): Promise<unknown[]> => {
    const read = graphql.page(query, { after, limit: pageSize }, table)
    // Its failure is told where it is awaited; a read given up before that (a refused row, a failed write) leaves it
    // unread, and a page asked ahead may fail while the last one is still being written.
    read.catch(() => undefined)
    return read
  }
  let coming = page(from)
  for (;;) {
    const raw = await coming
    // Only an empty page ends the table: a role's row limit below the page size makes every page short.
    if (raw.length === 0) return
    // Pages come in id order (order_by id asc): the next starts after the last row, checked before it is asked for.
    const last = checked(raw.slice(-1), raw.length - 1)[0] as { id: number }
    coming = page(last.id)
    for (let at = 0; at < raw.length; at += batchSize) {
      // A turn of the event loop before each batch: the next page's request leaves at once (not after this page's
      // writes), and a clerk's scan or save that came meanwhile is answered between two batches.
      await new Promise<void>((resolve) => setImmediate(resolve))
      yield checked(raw.slice(at, at + batchSize), at)
    }
  }
}

const referenceSchema = z.object({
  item_categories: z.array(z.object({ id, name: text })),
  agencies: z.array(z.object({ id, name: text, agency_category_id: nullableId, active: nullableBool })),
})

export const REFERENCE_QUERY =
  '{ item_categories(order_by: [{id: asc}]) { id name } agencies(order_by: [{id: asc}]) { id name agency_category_id active } }'

/** The small tables, read whole. */
export async function readReference(graphql: GraphqlClient) {
  return graphql.data(REFERENCE_QUERY, referenceSchema)
}
