import { vi } from 'vitest'
import { requestNames, type RequestInput, type RequestName, type RequestOutput } from '../../../src-shared/contract'
import type { Handlers } from '../../../src-shared/dispatch'
import { company } from '../../../src-shared/domain'
import { CoreEvents } from '../../../src-main/core/events'
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
  'bookings.create': {
    agency_to_id: 3,
    planned_delivery: '2026-11-23',
    reference: null,
    needs_transport: true,
    transfer_request_id: null,
    lines: [{ item_id: 3, booked_quantity: '2', lot_id: null, serial_number: null, reference: null, bundle_id: null }],
  },
  'bookings.update': { id: '1234', changes: { reference: 'R-2' } },
  'bookings.delete': { id: '1234' },
  'bookings.ship': { id: '1234' },
  'bookings.deliver': { id: '1234' },
  'bookings.list': undefined,
  'bookings.get': { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  'outbox.list': undefined,
  'outbox.retry': { seq: 4 },
  'outbox.discard': { seq: 4 },
  'outbox.keepTheirs': { seq: 4 },
  'sync.push': undefined,
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
}

const catalogueStatus = {
  entityId: 7,
  agency: { id: 2, name: 'Central' },
  pulledAt: '2026-11-22T10:00:00.000Z',
  stale: false,
  pulling: false,
  counts: { bundles: 1, items: 3, agencies: 2 },
  lastError: null,
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
const localBooking = {
  localId: '0f8fad5b-d9cb-469f-a165-70867728950e', serviceId: 1234, state: 'synced' as const, agency_from_id: 2, agency_to_id: 3,
  planned_delivery: '2026-11-23', reference: null, needs_transport: true, transfer_request_id: null,
  lines: [{ item_id: 3, booked_quantity: '2', lot_id: null, serial_number: null, reference: null, bundle_id: null }],
  shipped: false, delivered: false, deleted: false, pending: 0, problem: null,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
}
const outboxEntries = [
  { seq: 4, localId: localBooking.localId, serviceId: null, op: 'create' as const, state: 'queued' as const, attempts: 0, lastError: null, createdAt: '2026-11-22T10:00:00.000Z' },
]

const signedIn = { state: 'signed_in', training: false, serverUrl: 'https://service.example', email: 'clerk@example.com' } as const
const whoAmI = {
  profile: { id: 1, email: 'clerk@example.com', name: 'Clerk', language: 'es', time_zone: 'America/Guatemala' },
  memberships: [{ id: 3, current: true, active: true, entity: { id: 7, name: 'Demo' } }],
  currentEntity: { id: 7, name: 'Demo' },
  agency: { id: 2, name: 'Central' },
  fromCache: false,
}
// Every company field is nullable except its id and name.
const sampleCompany = {
  ...Object.fromEntries(Object.keys(company.shape).map((key) => [key, null])),
  id: 7,
  name: 'Demo',
} as RequestOutput<'company.get'>

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
  'connection.status': { online: true, lastContactAt: null },
  'profile.whoami': whoAmI,
  'entity.switch': whoAmI,
  'company.get': sampleCompany,
  'graphql.query': { data: { items: [] }, errors: null },
  'preferences.get': { theme: 'system', language: null },
  'preferences.set': { theme: 'dark', language: null },
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
  'bookings.create': { booking: localBooking, warnings: [] },
  'bookings.update': localBooking,
  'bookings.delete': { deleted: true },
  'bookings.ship': localBooking,
  'bookings.deliver': localBooking,
  'bookings.list': [localBooking],
  'bookings.get': localBooking,
  'outbox.list': outboxEntries,
  'outbox.retry': outboxEntries,
  'outbox.discard': outboxEntries,
  'outbox.keepTheirs': outboxEntries,
  'sync.push': { sent: 1, waiting: 0, failed: 0, conflicts: 0 },
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
