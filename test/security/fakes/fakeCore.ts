import { vi } from 'vitest'
import { requestNames, type RequestInput, type RequestName, type RequestOutput } from '@shared/contract'
import type { Handlers } from '@shared/dispatch'
import type { LocalBooking } from '@shared/bookings'
import type { CounterSetup } from '@shared/counter'
import { company } from '@shared/domain'
import { CoreEvents } from '@core/events'
import type { ShellCore } from '../../../src-main/electron/startApp'

/**
 * One valid payload per request. Typed as a complete record, so a request added
 * to the contract without a sample here fails the type-check and the tests.
 */
export const sampleInputs: { [N in RequestName]: RequestInput<N> } = {
  'app.info': undefined,
  'session.status': undefined,
  'session.signIn': { serverUrl: 'https://service.example', email: 'clerk@example.com', token: 'tok-123' },
  'session.startTraining': undefined,
  'session.resetTraining': undefined,
  'session.signOut': undefined,
  'connection.status': undefined,
  'profile.whoami': undefined,
  'entity.switch': { entityId: 7 },
  'company.get': undefined,
  'graphql.query': { query: '{ items { id } }', variables: { limit: 5 } },
  'preferences.get': undefined,
  'preferences.set': { theme: 'dark' },
  'catalogue.status': undefined,
  'catalogue.pull': undefined,
  'catalogue.search': { query: '7401234567895', tag: null, active: 'all', offset: 0, limit: 50 },
  'catalogue.tags': undefined,
  'catalogue.export': { format: 'csv', query: 'caja', tag: null, active: 'active' },
  'items.search': { query: 'tornillo', limit: 20 },
  'itemCategories.list': undefined,
  'bundles.get': { id: 5, online: false },
  'bundles.create': { code: 'PAQ-1', name: 'Paquete', components: [{ item_id: 3, quantity: '2' }] },
  'bundles.update': { id: 5, changes: { name: 'Paquete grande' } },
  'bundles.delete': { id: 5 },
  'bundles.dynamicItems': { bundleId: 5, agencyId: 2 },
  'bundles.importPreview': { fileName: 'paquetes.csv', base64: 'Y29kZSxuYW1lCg==' },
  'bundles.import': { fileName: 'paquetes.csv', base64: 'Y29kZSxuYW1lCg==' },
  'bundles.media': { bundleId: 5 },
  'bundles.setImage': { bundleId: 5, slot: 2, file: { name: 'foto.png', type: 'image/png', base64: 'iVBORw0KGgo=' } },
  'bundles.removeImage': { bundleId: 5, slot: 2 },
  'bookings.create': {
    agencyToId: 3,
    plannedDelivery: '2026-11-23',
    reference: null,
    needsTransport: true,
    transferRequestId: null,
    draft: false,
    fromOpenBooking: false,
    lines: [{ itemId: 3, bookedQuantity: '2', lotId: null, serialNumber: null, reference: null, bundleId: null }],
  },
  'bookings.update': { id: '1234', changes: { reference: 'R-2' } },
  'bookings.delete': { id: '1234' },
  'bookings.submit': { id: '1234' },
  'bookings.ship': { id: '1234' },
  'bookings.deliver': { id: '1234' },
  'bookings.list': undefined,
  'bookings.get': { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  'outbox.list': undefined,
  'outbox.retry': { seq: 4 },
  'outbox.discard': { seq: 4 },
  'outbox.keepTheirs': { seq: 4 },
  'sync.push': undefined,
  'sync.status': undefined,
  'counter.setup': undefined,
  'counter.refresh': undefined,
  'counter.scan': { code: '7401234567895' },
  'counter.stock': { itemId: 3 },
  'counter.transferRequests': undefined,
  'counter.openBooking': undefined,
  'counter.keepOpenBooking': { entityId: 101, form: { destination: 3, plannedDelivery: '2026-11-24', reference: 'R-1', needsTransport: true, transferRequestId: null, lines: [] } },
  'counter.dropOpenBooking': { entityId: 101 },
  'dispatch.ticks': undefined,
  'dispatch.keepTicks': { entityId: 101, localId: '0f8fad5b-d9cb-469f-a165-70867728950e', ticks: { '3:5': '2.5' } },
  'purchasing.context': undefined,
  'purchaseOrders.search': { query: 'OC-101', limit: 10 },
  'purchaseOrders.get': { id: 7001 },
  'consolidates.list': undefined,
  'consolidates.candidates': { special: false },
  'consolidates.get': { id: 8001 },
  'consolidates.create': { name: 'Contenedor', description: null, orderIds: [7001, 7002], special: false },
  'consolidates.update': { id: 8001, changes: { name: 'Otro nombre' } },
  'consolidates.delete': { id: 8001 },
  'receptions.draft': { orderId: 7003 },
  'receptions.create': {
    orderId: 7003,
    agencyId: 301,
    invoiceNumber: null,
    memo: null,
    needsTransit: false,
    exchangeRate: null,
    lines: [{ itemId: 1000001, purchaseOrderDetailId: 12, quantity: '4', lotName: null, lotExpires: null }],
  },
  'receptions.get': { id: 9001 },
  'receptions.ofOrder': { orderId: 7003 },
  'receptions.return': { id: 9001, reboundOrderId: null },
  'profile.update': { language: 'en' },
  'graphql.tokenValidity': undefined,
  'pieceworkGroups.list': undefined,
  'pieceworkGroups.get': { id: 1 },
  'pieceworkGroups.create': { name: 'Pintura' },
  'pieceworkGroups.update': { id: 1, changes: { description: 'x' } },
  'pieceworkGroups.delete': { id: 1 },
  'documentStructures.get': { type: 'contract' },
  'dynamicTables.list': undefined,
  'dynamicTables.create': { name: 'Tarifas', columns: [{ name: 'Destino', type: 'text' }] },
  'dynamicTables.rename': { id: 1, name: 'Fletes' },
  'dynamicTables.delete': { id: 1 },
  'dynamicTables.rows': { id: 1 },
  'dynamicTables.addRow': { tableId: 1, data: { Destino: 'Norte' } },
  'dynamicTables.updateRow': { tableId: 1, rowId: 2, data: { Destino: 'Sur' } },
  'dynamicTables.deleteRow': { tableId: 1, rowId: 2 },
  'support.doctor': undefined,
  'support.serviceCheck': undefined,
  'support.bundle': { includeData: false },
  'updates.status': undefined,
  'updates.install': undefined,
  'updates.setEnabled': { enabled: false },
}

const updateStatus = {
  state: 'ready',
  offReason: null,
  percent: null,
  version: '1.2.0',
  error: null,
  enabled: true,
  blockedBy: null,
} as const

const catalogueStatus = {
  entityId: 7,
  agency: { id: 2, name: 'Central' },
  pulledAt: '2026-11-22T10:00:00.000Z',
  stale: false,
  pulling: false,
  counts: { bundles: 1, items: 3, agencies: 2 },
  lastError: null,
  capabilities: { tags: true, itemBarcodes: true, bundleColumns: true },
}
const bundleRecord = {
  id: 5, zid: 1, active: true, code: 'PAQ-1', ean13: null, name: 'Paquete', description: null, extra_description: null,
  entity_id: 7, updater_id: null, created_at: null, updated_at: null, bundle_details_count: 1, pays_vat: true,
  quotable: true, ecommerce: false, sellable: true, purchasable: false,
  force_as_service_for_document_external_storage_service: false, category_bundle: false, item_category_id: null,
  item_country_code_id: null, weight: null, volume: null, measurement_unit: null, color: '#112233', image: null,
  image2: null, image3: null, image4: null, image5: null, youtube_video_url: null, tags: ['oferta'],
}
const bundleDetail = {
  ...bundleRecord,
  components: [{ id: 9, item_id: 3, quantity: '2', item_code: 'ART-3', item_name: 'Tornillo', available: 10 }],
  available: 5,
  source: 'cache' as const,
}
const file = { fileName: 'paquetes.csv', base64: 'Y29kZSxuYW1lCg==' }
const counterSetup: CounterSetup = {
  agency: { id: 2, name: 'Central', agencyCategoryId: 1 },
  destinations: [{ id: 3, name: 'Norte', agencyCategoryId: 1 }],
  filteredByCategory: false,
  unavailable: [],
  agencies: [{ id: 2, name: 'Central', agencyCategoryId: 1 }, { id: 3, name: 'Norte', agencyCategoryId: 1 }],
  today: '2026-11-23',
  refreshedAt: null,
}

const bundleMediaSample = {
  bundleId: 5,
  images: ([1, 2, 3, 4, 5] as const).map((slot) => ({ slot, url: slot === 1 ? 'https://erp.example.com/uploads/bundle/image/5/a.png' : null, thumbnailUrl: null as string | null })),
  forms: { state: 'given' as const, forms: [{ name: 'Ficha técnica', description: null, values: [{ field: 'Material', fieldType: 'text', value: 'Pino' }] }], unreadable: 0 },
}

// Typed, so a rename of LocalBooking's fields follows into this sample.
const localBooking: LocalBooking = {
  localId: '0f8fad5b-d9cb-469f-a165-70867728950e', serviceId: 1234, origin: 'here' as const, state: 'synced' as const, agencyFromId: 2, agencyToId: 3,
  plannedDelivery: '2026-11-23', reference: null, needsTransport: true, transferRequestId: null,
  lines: [{ itemId: 3, bookedQuantity: '2', lotId: null, serialNumber: null, reference: null, bundleId: null }],
  shipped: false, delivered: false, deleted: false, shippedAt: null, deliveredAt: null, bookerId: null, pending: 0, problem: null,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
}
const outboxEntries = [
  { seq: 4, localId: localBooking.localId, serviceId: null, origin: 'here' as const, op: 'create' as const, state: 'queued' as const, attempts: 0, lastError: null, createdAt: '2026-11-22T10:00:00.000Z' },
]
/** What a booking command changed: that booking, its entries, the counts. */
const bookingsDelta = { bookings: [localBooking], removed: [] as string[], entries: outboxEntries, sync: { waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false }, full: false }

const signedIn = { state: 'signed_in', training: false, serverUrl: 'https://service.example', email: 'clerk@example.com' } as const
const whoAmI = {
  profile: { id: 1, email: 'clerk@example.com', name: 'Clerk', language: 'es', time_zone: 'America/Guatemala' },
  memberships: [{ id: 3, current: true, active: true, entity: { id: 7, name: 'Demo' } }],
  currentEntity: { id: 7, name: 'Demo' },
  agency: { id: 2, name: 'Central' },
  agencyError: null,
  fromCache: false,
}
// Every company field is nullable except its id and name.
const sampleCompany = {
  ...Object.fromEntries(Object.keys(company.shape).map((key) => [key, null])),
  id: 7,
  name: 'Demo',
} as RequestOutput<'company.get'>

const samplePurchaseOrder: RequestOutput<'purchaseOrders.get'> = {
  id: 7001, idNumber: 'OC-101-00001', reference: 'COT-1', issueDate: '2026-10-05', supplier: 'Cementos del Norte S.A.', payeeId: 6001,
  currency: { id: 1, code: 'GTQ', symbol: 'Q' }, exchangeRate: null, subtotal: '703.0', total: '787.36', due: '787.36',
  authorized: true, received: false, paid: false, voided: false, import: false, consolidateId: null, agencyId: 301, lines: null,
}
const sampleConsolidateFields = {
  id: 8001, name: 'Contenedor', description: null, specialInvoice: false, idNumber: null, itemId: null, chargeTermId: null,
  issuedAt: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z',
}
const sampleReception: RequestOutput<'receptions.get'> = {
  id: 9001, purchaseOrderId: 7003, agencyId: 301, invoiceNumber: null, memo: null, received: true, receivedAt: '2026-11-23T10:00:00.000Z',
  voided: false, voidedAt: null, exchangeRate: null, lines: [],
}
const samplePieceworkGroup: RequestOutput<'pieceworkGroups.get'> = {
  id: 1, zid: 1, name: 'Pintura', id_number: null, description: null, entity_id: 7,
  creator_id: null, updater_id: null, created_at: null, updated_at: null,
}
const sampleTable: RequestOutput<'dynamicTables.create'> = {
  id: 1, name: 'Tarifas', columns: [{ name: 'Destino', type: 'text' }], rowsCount: 0, created_at: null, updated_at: null,
}

/** One valid result per request, as the real core would return it. */
export const sampleOutputs: { [N in RequestName]: RequestOutput<N> } = {
  'app.info': { version: '0.1.0-test', runner: 'electron', trainingAvailable: true },
  'session.status': signedIn,
  'session.signIn': signedIn,
  'session.startTraining': { ...signedIn, training: true },
  'session.resetTraining': { ...signedIn, training: true },
  'session.signOut': { state: 'signed_out', lastServerUrl: null, lastEmail: null },
  'connection.status': { online: true, link: 'online', lastContactAt: null },
  'profile.whoami': whoAmI,
  'entity.switch': whoAmI,
  'company.get': sampleCompany,
  'graphql.query': { data: { items: [] }, errors: null },
  'preferences.get': { theme: 'system', language: null, station: null, receptionCount: 'scan', nearExpiryDays: 30, dispatchView: 'cards', toursSeen: [] },
  'preferences.set': { theme: 'dark', language: null, station: 'counter', receptionCount: 'scan', nearExpiryDays: 30, dispatchView: 'cards', toursSeen: [] },
  'catalogue.status': catalogueStatus,
  'catalogue.pull': catalogueStatus,
  'catalogue.search': {
    total: 1,
    truncated: false,
    rows: [{ id: 5, code: 'PAQ-1', name: 'Paquete', ean13: null, active: true, category_bundle: false, tags: ['oferta'], components: 1, available: 5 }],
  },
  'catalogue.tags': [{ tag: 'oferta', count: 1 }],
  'catalogue.export': file,
  'items.search': [{ id: 3, code: 'ART-3', name: 'Tornillo', ean13: null, measurement_unit: null, item_category_id: null, available: 10 }],
  'itemCategories.list': [{ id: 1, name: 'Ferretería' }],
  'bundles.get': bundleDetail,
  'bundles.create': bundleDetail,
  'bundles.update': bundleDetail,
  'bundles.delete': { deleted: true },
  'bundles.dynamicItems': [{ item_id: 3, code: 'ART-3', name: 'Tornillo', available: 10 }],
  'bundles.importPreview': { rows: [{ row: 2, code: 'PAQ-1', name: 'Paquete', errors: [] }], valid: 1, invalid: 0 },
  'bundles.import': { imported: 1 },
  'bundles.media': bundleMediaSample,
  'bundles.setImage': bundleMediaSample,
  'bundles.removeImage': bundleMediaSample,
  'bookings.create': { booking: localBooking, warnings: [], changes: bookingsDelta },
  'bookings.update': { booking: localBooking, changes: bookingsDelta },
  'bookings.delete': { deleted: true, changes: { ...bookingsDelta, bookings: [], removed: [localBooking.localId] } },
  'bookings.submit': { booking: localBooking, changes: bookingsDelta },
  'bookings.ship': { booking: localBooking, changes: bookingsDelta },
  'bookings.deliver': { booking: localBooking, changes: bookingsDelta },
  'bookings.list': [localBooking],
  'bookings.get': localBooking,
  'outbox.list': outboxEntries,
  'outbox.retry': bookingsDelta,
  'outbox.discard': bookingsDelta,
  'outbox.keepTheirs': bookingsDelta,
  'sync.push': { sent: 1, waiting: 0, failed: 0, conflicts: 0, changes: bookingsDelta },
  'sync.status': { waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false },
  'counter.setup': counterSetup,
  'counter.refresh': { setup: counterSetup, changes: { ...bookingsDelta, full: true } },
  'counter.scan': { kind: 'unknown', code: '7401234567895' },
  'counter.stock': [{ agencyId: 2, agencyName: 'Central', available: 8 }],
  'counter.transferRequests': [{ id: 9, agencyFromId: 2, agencyToId: 3, plannedDelivery: '2026-11-24', reference: null, lines: [{ itemId: 3, quantity: '2', itemCode: 'ART-3', itemName: 'Tornillo' }] }],
  'counter.openBooking': { entityId: 101, open: { entityId: 101, form: { destination: 3, plannedDelivery: '2026-11-24', reference: 'R-1', needsTransport: true, transferRequestId: null, lines: [] }, savedAt: '2026-11-24T16:42:00.000Z' } },
  'counter.keepOpenBooking': { savedAt: '2026-11-24T16:42:00.000Z' },
  'counter.dropOpenBooking': { cleared: true },
  'dispatch.ticks': { entityId: 101, ticks: { '0f8fad5b-d9cb-469f-a165-70867728950e': { '3:5': '2.5' } } },
  'dispatch.keepTicks': { savedAt: '2026-11-24T16:42:00.000Z' },
  'purchasing.context': { currency: { id: 1, code: 'GTQ', symbol: 'Q', country: 'Guatemala' }, agencies: [{ id: 301, name: 'Bodega Central' }], userAgencyId: 301 },
  'purchaseOrders.search': [samplePurchaseOrder],
  'purchaseOrders.get': samplePurchaseOrder,
  'consolidates.list': [{ id: 8001, name: 'Contenedor', idNumber: null, createdAt: '2026-11-23T10:00:00.000Z', orderCount: 1 }],
  'consolidates.candidates': [samplePurchaseOrder],
  'consolidates.get': { ...sampleConsolidateFields, orders: [samplePurchaseOrder] },
  'consolidates.create': { ...sampleConsolidateFields, orders: [samplePurchaseOrder] },
  'consolidates.update': { ...sampleConsolidateFields, orders: [samplePurchaseOrder] },
  'consolidates.delete': { deleted: true },
  'receptions.draft': { order: samplePurchaseOrder, agencyId: 301, receivedAt: '2026-11-23', exchangeRate: null, foreignCurrency: false, lines: [] },
  'receptions.create': { order: samplePurchaseOrder, receptionId: 9001, reception: sampleReception },
  'receptions.get': sampleReception,
  'receptions.ofOrder': [sampleReception],
  'receptions.return': { ...sampleReception, voided: true },
  'profile.update': whoAmI,
  'graphql.tokenValidity': { expiresAt: '2026-01-06T10:00:00.000Z' },
  'pieceworkGroups.list': [samplePieceworkGroup],
  'pieceworkGroups.get': samplePieceworkGroup,
  'pieceworkGroups.create': samplePieceworkGroup,
  'pieceworkGroups.update': samplePieceworkGroup,
  'pieceworkGroups.delete': { deleted: true },
  'documentStructures.get': { type: 'contract', fields: [{ name: 'reference', type: 'string', required: false, default: null }] },
  'dynamicTables.list': [sampleTable],
  'dynamicTables.create': sampleTable,
  'dynamicTables.rename': sampleTable,
  'dynamicTables.delete': { deleted: true },
  'dynamicTables.rows': { table: sampleTable, rows: [{ id: 2, data: { Destino: 'Norte' } }] },
  'dynamicTables.addRow': { id: 2, data: { Destino: 'Norte' } },
  'dynamicTables.updateRow': { id: 2, data: { Destino: 'Sur' } },
  'dynamicTables.deleteRow': { deleted: true },
  'support.doctor': {
    ok: true,
    checkedAt: '2026-11-24T10:00:00.000Z',
    checks: [{ id: 'dataFolder', ok: true, level: 'ok', message: { es: 'Carpeta de datos con permiso de escritura', en: 'Data folder writable' }, detail: '/data' }],
  },
  'support.serviceCheck': {
    ok: false,
    serverUrl: 'https://service.example',
    checkedAt: '2026-11-24T10:00:00.000Z',
    summary: { es: 'El servidor rechaza 1 parte que la aplicación necesita', en: 'The server refuses 1 part the app needs' },
    graphql: [
      {
        name: 'tables.rows',
        rootFields: ['webapp_rows'],
        needed: true,
        status: 'refused',
        message: "field 'webapp_rows' not found in type: 'query_root'",
        whenRefused: { es: 'Las filas no se pueden leer.', en: 'Rows cannot be read.' },
      },
    ],
    rest: [{ method: 'HEAD', path: '/profile.json', status: 'ok', httpStatus: 200, message: null, whenRefused: { es: 'Sin sesión.', en: 'No sign-in.' } }],
    extensions: [{ name: 'bundleTags', present: false, message: null, usedFor: { es: 'Etiquetas', en: 'Tags' }, withoutIt: { es: 'Sin filtro.', en: 'No filter.' } }],
  },
  'support.bundle': { fileName: 'mostrador-support-20261124-100000.zip', base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' },
  'updates.status': updateStatus,
  'updates.install': updateStatus,
  'updates.setEnabled': { ...updateStatus, enabled: false, state: 'off', offReason: 'disabled', version: null },
}

export interface FakeCore extends ShellCore {
  readonly calls: { name: RequestName; input: unknown }[]
  readonly close: ReturnType<typeof vi.fn<() => Promise<void>>>
}

/** A core whose handlers only record what reached them and answer with the samples. */
export function createFakeCore(): FakeCore {
  const calls: { name: RequestName; input: unknown }[] = []
  const handlers = Object.fromEntries(
    requestNames.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input })
        return sampleOutputs[name]
      },
    ]),
  ) as unknown as Handlers
  return { handlers, events: new CoreEvents(), close: vi.fn(() => Promise.resolve()), calls }
}
