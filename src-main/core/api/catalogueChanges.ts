import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { GraphqlClient } from './graphqlClient'
import { idLiteral } from './idLiteral'
import { decimalNumber, id, nullableTimestamp } from './normalise'

/**
 * The GraphQL reads of a routine pull: what changed since the last one, as
 * cheaply as the real schema allows. Bundles have `updated_at`; items, lots
 * and stock have no change column, so a routine pull reads their ids alone (to
 * find the rows gone) and the stock of the agencies this station works with.
 */

/** Ids are small rows: a page of them is a few hundred kB before compression. */
export const ID_PAGE_SIZE = 20_000
/** A page of one agency's stock (lot and quantity only). */
export const STOCK_PAGE_SIZE = 10_000

export type IdTable = 'items' | 'lots' | 'bundles'
export const idTables: readonly IdTable[] = ['items', 'lots', 'bundles']

/** Every id of a table, a keyset page at a time (variables `after`, `limit`). */
export function idsQuery(table: IdTable): string {
  return `query($after: bigint!, $limit: Int!) { ${table}(where: {id: {_gt: $after}}, order_by: [{id: asc}], limit: $limit) { id } }`
}

/** Which of some ids a table still has (variable `ids`): the rows a list of ids left out, asked for before they go. */
export function idsAmongQuery(table: IdTable): string {
  return `query($ids: [bigint!]!) { ${table}(where: {id: {_in: $ids}}) { id } }`
}

/** The bundles changed at or after `since` (the service's own time), by id (variables `since`, `after`, `limit`). */
export const CHANGED_BUNDLES_QUERY =
  'query($since: timestamp!, $after: bigint!, $limit: Int!) { bundles(where: {updated_at: {_gte: $since}, id: {_gt: $after}}, order_by: [{id: asc}], limit: $limit) { id updated_at } }'

/**
 * One agency's stock, keyed by lot (a lot has one row per agency). The agency is a literal: the SDK's own
 * query declared lot_stocks.agency_id an Int (idLiteral.ts).
 */
export function agencyStockQuery(agencyId: number): string {
  return `query($after: bigint!, $limit: Int!) { lot_stocks(where: {agency_id: {_eq: ${idLiteral(agencyId)}}, lot_id: {_gt: $after}}, order_by: [{lot_id: asc}], limit: $limit) { lot_id available } }`
}

/**
 * Some items' stock at every agency, by lot row (variables `items`, `after`, `limit`): what a screen asks for when the
 * figures it has of some agency came with the daily full pull (a routine pull reads only the station's agencies).
 */
export const ITEMS_STOCK_QUERY =
  'query($items: [bigint!]!, $after: bigint!, $limit: Int!) { lot_stocks(where: {lot: {item_id: {_in: $items}}, id: {_gt: $after}}, order_by: [{id: asc}], limit: $limit) { id agency_id available lot { item_id } } }'
/** The items' lots at every agency: a few rows an item, a few hundred for an item of many lots. */
export const ITEM_STOCK_PAGE_SIZE = 1000

const idRow = z.object({ id })
const changedRow = z.object({ id, updated_at: nullableTimestamp })
export type ChangedBundle = z.output<typeof changedRow>
const stockRow = z.object({ lot_id: id, available: decimalNumber })
export type AgencyStockRow = z.output<typeof stockRow>

/**
 * The rows of a keyset-paged query, a page at a time, until a page comes back empty (a role may be
 * limited to fewer rows than asked). Rows are checked a page at a time against `row`.
 */
async function* keysetPages<R extends z.ZodType>(
  graphql: GraphqlClient,
  query: string,
  root: string,
  row: R,
  keyOf: (r: z.output<R>) => number,
  pageSize: number,
  variables: Record<string, unknown> = {},
  signal?: AbortSignal,
): AsyncGenerator<z.output<R>[]> {
  const rows = z.array(row)
  for (let after = 0; ;) {
    const raw = await graphql.page(query, { ...variables, after, limit: pageSize }, root, signal)
    if (raw.length === 0) return
    const parsed = rows.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new AppError('bad_response', { detail: `GraphQL data: ${root}.${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() })
    }
    yield parsed.data
    after = keyOf(parsed.data[parsed.data.length - 1]!)
  }
}

/** Ids asked for at once by idsAmong: a few kB of request. */
const IDS_AMONG_AT_ONCE = 1000

/** Those of `ids` the table still has, asked for by id. */
export async function idsAmong(graphql: GraphqlClient, table: IdTable, ids: readonly number[]): Promise<number[]> {
  const rows = z.array(idRow)
  const out: number[] = []
  for (let at = 0; at < ids.length; at += IDS_AMONG_AT_ONCE) {
    const parsed = rows.safeParse(await graphql.page(idsAmongQuery(table), { ids: ids.slice(at, at + IDS_AMONG_AT_ONCE) }, table))
    if (!parsed.success)
      throw new AppError('bad_response', { detail: `GraphQL data: ${table} ${parsed.error.issues[0]?.message ?? ''}`.trim() })
    out.push(...parsed.data.map((r) => r.id))
  }
  return out
}

export function readIds(graphql: GraphqlClient, table: IdTable, pageSize = ID_PAGE_SIZE): AsyncGenerator<{ id: number }[]> {
  return keysetPages(graphql, idsQuery(table), table, idRow, (r) => r.id, pageSize)
}

/** Every id of a table, as a set: the service's rows, to tell which the cache holds that it no longer has. */
export async function readIdSet(graphql: GraphqlClient, table: IdTable): Promise<Set<number>> {
  const set = new Set<number>()
  for await (const page of readIds(graphql, table)) for (const r of page) set.add(r.id)
  return set
}

/** `since` is a time the service wrote (an `updated_at` it sent), never this computer's clock. */
export function readChangedBundles(graphql: GraphqlClient, since: string, pageSize = ID_PAGE_SIZE): AsyncGenerator<ChangedBundle[]> {
  return keysetPages(graphql, CHANGED_BUNDLES_QUERY, 'bundles', changedRow, (r) => r.id, pageSize, { since })
}

export function readAgencyStock(graphql: GraphqlClient, agencyId: number, pageSize = STOCK_PAGE_SIZE): AsyncGenerator<AgencyStockRow[]> {
  return keysetPages(graphql, agencyStockQuery(agencyId), 'lot_stocks', stockRow, (r) => r.lot_id, pageSize)
}

const itemStockRow = z.object({ id, agency_id: id, available: decimalNumber, lot: z.object({ item_id: id }) })

/**
 * Each item's available quantity by agency, summed over its lots as a pull sums them, in one read for them all (a
 * dispatch card's items are one read, not one each); `signal` gives the read up.
 */
export async function readItemsStock(
  graphql: GraphqlClient,
  itemIds: readonly number[],
  signal?: AbortSignal,
  pageSize = ITEM_STOCK_PAGE_SIZE,
): Promise<Map<number, Map<number, number>>> {
  const byItem = new Map(itemIds.map((itemId) => [itemId, new Map<number, number>()]))
  const pages = keysetPages(graphql, ITEMS_STOCK_QUERY, 'lot_stocks', itemStockRow, (r) => r.id, pageSize, { items: itemIds }, signal)
  for await (const rows of pages) {
    for (const r of rows) {
      const byAgency = byItem.get(r.lot.item_id)
      byAgency?.set(r.agency_id, (byAgency.get(r.agency_id) ?? 0) + r.available)
    }
  }
  return byItem
}
