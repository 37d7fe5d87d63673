import { agencyShipmentsQuery, BOOKING_LINES_QUERY, PENDING_TRANSFER_REQUESTS_QUERY, POS_SETTINGS_QUERY } from './bookingsGraphql'
import { lookalikeShipmentsQuery, MARKED_SHIPMENTS_QUERY, SHIPMENT_MEMO_QUERY } from './reconcileGraphql'
import {
  agencyStockQuery,
  CHANGED_BUNDLES_QUERY,
  ID_PAGE_SIZE,
  idsAmongQuery,
  idsQuery,
  idTables,
  ITEM_STOCK_PAGE_SIZE,
  ITEMS_STOCK_QUERY,
  STOCK_PAGE_SIZE,
} from './catalogueChanges'
import { byIdQuery, countedTables, countQuery, pagedTables, pageQuery, PAGE_SIZE, REFERENCE_QUERY } from './catalogueGraphql'
import { ROWS_PAGE_SIZE, rowsAfterQuery, rowsPageQuery } from './dynamicTableRowsGraphql'
import { AGENCY_BY_ID_QUERY, USER_EMPLOYEE_QUERY } from './profileApi'
import { serviceExtensionNames, serviceExtensions, type ServiceExtension } from './serviceExtensions'
import { ACTIVE_AGENCIES_QUERY, CURRENCY_QUERY } from './purchasingApi'
import { CANDIDATE_NAMES_QUERY, CONSOLIDATE_ORDERS_QUERY, CONSOLIDATES_QUERY } from './consolidatesApi'
import { PURCHASE_ORDER_QUERY, SEARCH_PURCHASE_ORDERS_QUERY } from './purchaseOrdersApi'
import { itemLotStocksQuery, RECEPTIONS_QUERY } from './receptionsApi'

/**
 * Every GraphQL document the core sends, in one list, with variables as the
 * client sends them. It exists so that a test can hold each one against the
 * real service's schema (schema/realService.graphql) and so that a service
 * check can try them: Hasura refuses a whole query for one unknown field.
 *
 * A document built at run time is registered once per variant the client
 * builds. The GraphQL console (`graphql.query`) sends what the user typed and
 * is not listed here.
 */
export interface GraphqlDocument {
  /** Stable name: `<area>.<what>` (the test's list of known incompatibilities is keyed by it). */
  name: string
  /** The function that sends it, for a reader looking for the call. */
  sentBy: string
  query: string
  /** Example variables of the shape the client sends. */
  variables?: Record<string, unknown>
  /**
   * Sent only after the server said it has this extension (serviceExtensions.ts):
   * it must NOT validate against the real service's schema, or it is no extension.
   */
  extension?: ServiceExtension
}

export const graphqlDocuments: readonly GraphqlDocument[] = [
  ...serviceExtensionNames.map((name) => ({
    name: `extension.${name}`,
    sentBy: 'ServiceExtensions.has',
    query: serviceExtensions[name],
    extension: name,
  })),
  ...countedTables.map((table) => ({
    name: `catalogue.count.${table}`,
    sentBy: 'catalogueGraphql.countRows',
    query: countQuery(table),
    extension: 'rowCounts' as const,
  })),
  ...pagedTables.map((table) => ({
    name: `catalogue.page.${table}`,
    sentBy: 'catalogueGraphql.readPages',
    query: pageQuery(table),
    variables: { after: 0, limit: PAGE_SIZE },
  })),
  {
    name: 'catalogue.page.items.ean13',
    sentBy: 'catalogueGraphql.readPages',
    query: pageQuery('items', { itemBarcodes: true }),
    variables: { after: 0, limit: PAGE_SIZE },
    extension: 'itemBarcodes',
  },
  {
    name: 'catalogue.page.bundles.tags',
    sentBy: 'catalogueGraphql.readPages',
    query: pageQuery('bundles', { bundleTags: true }),
    variables: { after: 0, limit: PAGE_SIZE },
    extension: 'bundleTags',
  },
  ...(['items', 'lots', 'bundles'] as const).map((table) => ({
    name: `catalogue.byId.${table}`,
    sentBy: 'catalogueGraphql.readByIds',
    query: byIdQuery(table),
    variables: { ids: [1501, 1502] },
  })),
  {
    name: 'catalogue.byId.items.ean13',
    sentBy: 'catalogueGraphql.readByIds',
    query: byIdQuery('items', { itemBarcodes: true }),
    variables: { ids: [1501] },
    extension: 'itemBarcodes',
  },
  {
    name: 'catalogue.byId.bundles.tags',
    sentBy: 'catalogueGraphql.readByIds',
    query: byIdQuery('bundles', { bundleTags: true }),
    variables: { ids: [1501] },
    extension: 'bundleTags',
  },
  { name: 'catalogue.reference', sentBy: 'catalogueGraphql.readReference', query: REFERENCE_QUERY },
  ...idTables.map((table) => ({
    name: `catalogue.ids.${table}`,
    sentBy: 'catalogueChanges.readIds',
    query: idsQuery(table),
    variables: { after: 0, limit: ID_PAGE_SIZE },
  })),
  ...idTables.map((table) => ({
    name: `catalogue.idsAmong.${table}`,
    sentBy: 'catalogueChanges.idsAmong',
    query: idsAmongQuery(table),
    variables: { ids: [1501] },
  })),
  {
    name: 'catalogue.changedBundles',
    sentBy: 'catalogueChanges.readChangedBundles',
    query: CHANGED_BUNDLES_QUERY,
    variables: { since: '2026-11-27T09:40:00.000Z', after: 0, limit: ID_PAGE_SIZE },
  },
  {
    name: 'catalogue.agencyStock',
    sentBy: 'catalogueChanges.readAgencyStock',
    query: agencyStockQuery(301),
    variables: { after: 0, limit: STOCK_PAGE_SIZE },
  },
  {
    name: 'counter.itemStock',
    sentBy: 'catalogueChanges.readItemsStock',
    query: ITEMS_STOCK_QUERY,
    variables: { items: [1501, 1502], after: 0, limit: ITEM_STOCK_PAGE_SIZE },
  },
  {
    name: 'counter.agencyShipments',
    sentBy: 'bookingsGraphql.readAgencyShipments',
    query: agencyShipmentsQuery(301),
    variables: { since: '2026-11-17T00:00:00.000Z' },
  },
  { name: 'counter.posSettings', sentBy: 'bookingsGraphql.readCategoryFilter', query: POS_SETTINGS_QUERY, extension: 'posSettings' },
  {
    name: 'counter.pendingTransferRequests',
    sentBy: 'bookingsGraphql.readPendingTransferRequests',
    query: PENDING_TRANSFER_REQUESTS_QUERY,
    variables: { agency: 301 },
    extension: 'transferRequests',
  },
  { name: 'sync.bookingLines', sentBy: 'bookingsGraphql.fetchBookingWithLines', query: BOOKING_LINES_QUERY, variables: { id: 5001 } },
  {
    name: 'sync.markedBookings',
    sentBy: 'reconcileGraphql.readMarkedShipments',
    query: MARKED_SHIPMENTS_QUERY,
    variables: { from: 301, marked: [{ memo: { _ilike: '%mostrador:0a1b2c3d4e5f%' } }] },
  },
  {
    name: 'sync.lookalikeBookings',
    sentBy: 'reconcileGraphql.readLookalikeShipments',
    query: lookalikeShipmentsQuery(306),
    variables: { from: 301, day: '2026-11-24' },
  },
  {
    name: 'sync.bookingMemo',
    sentBy: 'reconcileGraphql.readShipmentMemo',
    query: SHIPMENT_MEMO_QUERY,
    variables: { id: 16421816 },
  },
  {
    name: 'tables.rows',
    sentBy: 'dynamicTableRowsGraphql.fetchTableRows',
    query: rowsPageQuery(12, 4101),
    variables: { limit: ROWS_PAGE_SIZE },
  },
  {
    name: 'tables.rowsAfter',
    sentBy: 'dynamicTableRowsGraphql.fetchRowsAfter',
    query: rowsAfterQuery(12, 0),
    variables: { limit: 1 },
  },
  { name: 'profile.userEmployee', sentBy: 'profileApi.fetchUserAgency', query: USER_EMPLOYEE_QUERY, variables: { user: 1001 } },
  { name: 'profile.agencyById', sentBy: 'profileApi.fetchUserAgency', query: AGENCY_BY_ID_QUERY, variables: { id: 301 } },
  { name: 'purchasing.consolidates', sentBy: 'consolidatesApi.listConsolidatesWithOrders', query: CONSOLIDATES_QUERY },
  {
    name: 'purchasing.consolidateOrders',
    sentBy: 'consolidatesApi.fetchConsolidateOrders',
    query: CONSOLIDATE_ORDERS_QUERY,
    variables: { id: 8001 },
  },
  {
    name: 'purchasing.candidateNames',
    sentBy: 'consolidatesApi.fetchConsolidateCandidates',
    query: CANDIDATE_NAMES_QUERY,
    variables: { payees: [6001, 6002], orders: [7001, 7004] },
  },
  {
    name: 'purchasing.searchOrders',
    sentBy: 'purchaseOrdersApi.searchPurchaseOrders',
    query: SEARCH_PURCHASE_ORDERS_QUERY,
    variables: { like: '%OC-7%', id: 0, limit: 50 },
  },
  { name: 'purchasing.orderById', sentBy: 'purchaseOrdersApi.readPurchaseOrder', query: PURCHASE_ORDER_QUERY, variables: { id: 7003 } },
  { name: 'purchasing.receptions', sentBy: 'receptionsApi.listReceptions', query: RECEPTIONS_QUERY, variables: { order: 7003 } },
  { name: 'purchasing.activeAgencies', sentBy: 'purchasingApi.listActiveAgencies', query: ACTIVE_AGENCIES_QUERY },
  { name: 'purchasing.currency', sentBy: 'purchasingApi.fetchCurrency', query: CURRENCY_QUERY, variables: { id: 1 } },
  {
    name: 'purchasing.itemLotStocks',
    sentBy: 'receptionsApi.linesWithStock',
    query: itemLotStocksQuery(301),
    variables: { items: [1000001, 1000002] },
  },
]
