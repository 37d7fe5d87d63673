import { z } from 'zod'
import {
  company,
  connectionState,
  graphqlResult,
  preferences,
  preferencesPatch,
  sessionStatus,
  whoAmI,
} from './domain'
import {
  bundleDetail,
  bundleInput,
  catalogueQuery,
  catalogueRow,
  catalogueStatus,
  dynamicItem,
  fileData,
  importPreview,
  itemRow,
  pullProgress,
} from './catalogue'
import { bookingChanges, bookingInput, localBooking, outboxEntry } from './bookings'
import { bundleMedia, imageFile, imageSlot } from './bundleImages'
import { agencyStock, counterSetup, scanResult, transferRequest } from './counter'
import {
  consolidate,
  consolidateChanges,
  consolidateInput,
  consolidateSummary,
  currency,
  purchaseOrder,
  reception,
  receptionDraft,
  receptionInput,
  receptionResult,
} from './purchasing'
import {
  documentStructure,
  documentType,
  dynamicTable,
  graphqlTokenValidity,
  newDynamicTable,
  pieceworkTypeGroup,
  pieceworkTypeGroupInput,
  profileChanges,
  rowData,
  tableRow,
} from './administration'
import { doctorReport, serviceCheckReport } from './support'
import { updateStatus } from './updates'

/**
 * The one list of what the renderer may ask of the main process and what it may
 * hear back. The preload bridge, the IPC router, the browser host and the
 * renderer's client are all derived from these two objects; a name is never
 * typed anywhere else. No entry returns a secret.
 */

const none = z.undefined()
const url = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((s) => /^https?:\/\/[^\s/]+/i.test(s), { message: 'must start with http:// or https://' })

/** A booking is named by its local id (a UUID) or, once confirmed, its service id. */
const bookingRef = z.string().trim().regex(/^(\d+|[0-9a-f-]{36})$/i, 'a booking number or local id')
const syncSummary = z.object({
  waiting: z.number().int(),
  failed: z.number().int(),
  conflicts: z.number().int(),
  pushing: z.boolean(),
  /** The service refused the session while sending: the entries are kept until the user signs in again. */
  signInNeeded: z.boolean(),
})
const pushReport = z.object({ sent: z.number().int(), waiting: z.number().int(), failed: z.number().int(), conflicts: z.number().int() })

function entry<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output }
}

export const requests = {
  'app.info': entry(
    none,
    z.object({ version: z.string(), runner: z.enum(['electron', 'browser-host', 'cli']), trainingAvailable: z.boolean() }),
  ),
  'session.status': entry(none, sessionStatus),
  'session.signIn': entry(
    z.object({ serverUrl: url, email: z.string().trim().max(254).email(), token: z.string().trim().min(1).max(4096) }),
    sessionStatus,
  ),
  'session.startTraining': entry(none, sessionStatus),
  'session.resetTraining': entry(none, sessionStatus),
  'session.signOut': entry(none, sessionStatus),
  'connection.status': entry(none, connectionState),
  'profile.whoami': entry(none, whoAmI),
  'entity.switch': entry(z.object({ entityId: z.number().int().positive() }), whoAmI),
  'company.get': entry(none, company),
  'graphql.query': entry(
    z.object({ query: z.string().min(1).max(100_000), variables: z.record(z.string(), z.unknown()).optional() }),
    graphqlResult,
  ),
  'preferences.get': entry(none, preferences),
  'preferences.set': entry(preferencesPatch, preferences),

  'catalogue.status': entry(none, catalogueStatus),
  /** Pulls a fresh snapshot of the catalogue into the cache; progress comes as events. */
  'catalogue.pull': entry(none, catalogueStatus),
  'catalogue.search': entry(
    catalogueQuery,
    z.object({ total: z.number().int(), truncated: z.boolean(), rows: z.array(catalogueRow) }),
  ),
  'catalogue.tags': entry(none, z.array(z.object({ tag: z.string(), count: z.number().int() }))),
  'catalogue.export': entry(
    catalogueQuery.omit({ offset: true, limit: true }).extend({ format: z.enum(['xlsx', 'csv']) }),
    fileData,
  ),
  'items.search': entry(
    z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(200).default(20) }),
    z.array(itemRow),
  ),
  'itemCategories.list': entry(none, z.array(z.object({ id: z.number().int(), name: z.string() }))),
  'bundles.get': entry(z.object({ id: z.number().int().positive(), online: z.boolean().default(false) }), bundleDetail),
  'bundles.create': entry(bundleInput, bundleDetail),
  'bundles.update': entry(z.object({ id: z.number().int().positive(), changes: bundleInput.partial() }), bundleDetail),
  'bundles.delete': entry(z.object({ id: z.number().int().positive() }), z.object({ deleted: z.literal(true) })),
  'bundles.dynamicItems': entry(
    z.object({ bundleId: z.number().int().positive(), agencyId: z.number().int().positive().optional() }),
    z.array(dynamicItem),
  ),
  'bundles.importPreview': entry(fileData, importPreview),
  'bundles.import': entry(fileData, z.object({ imported: z.number().int() })),
  /** Online only: the bundle's five image slots and its associated forms, read from the service now. */
  'bundles.media': entry(z.object({ bundleId: z.number().int().positive() }), bundleMedia),
  /** Online only: sets or replaces image `slot` (1 = the main image). The renderer hands the bytes, never a path. */
  'bundles.setImage': entry(z.object({ bundleId: z.number().int().positive(), slot: imageSlot, file: imageFile }), bundleMedia),
  'bundles.removeImage': entry(z.object({ bundleId: z.number().int().positive(), slot: imageSlot }), bundleMedia),

  /** Bookings are written locally and queued; these return at once, online or not. */
  'bookings.create': entry(
    bookingInput,
    z.object({
      booking: localBooking,
      /** Lines above the cached availability: allowed offline (the cache may be stale), the service decides. */
      warnings: z.array(z.object({ item_id: z.number().int(), requested: z.number(), available: z.number() })),
      /** What else the save changed, so a store applies it without reading again: the booking's entries, the outbox's counts. */
      entries: z.array(outboxEntry),
      sync: syncSummary,
    }),
  ),
  'bookings.update': entry(z.object({ id: bookingRef, changes: bookingChanges }), localBooking),
  'bookings.delete': entry(z.object({ id: bookingRef }), z.object({ deleted: z.literal(true) })),
  /** Queues a draft for the service. */
  'bookings.submit': entry(z.object({ id: bookingRef }), localBooking),
  'bookings.ship': entry(z.object({ id: bookingRef }), localBooking),
  'bookings.deliver': entry(z.object({ id: bookingRef }), localBooking),
  'bookings.list': entry(none, z.array(localBooking)),
  'bookings.get': entry(z.object({ id: bookingRef }), localBooking),
  'outbox.list': entry(none, z.array(outboxEntry)),
  'outbox.retry': entry(z.object({ seq: z.number().int().positive() }), z.array(outboxEntry)),
  'outbox.discard': entry(z.object({ seq: z.number().int().positive() }), z.array(outboxEntry)),
  'outbox.keepTheirs': entry(z.object({ seq: z.number().int().positive() }), z.array(outboxEntry)),
  'sync.push': entry(none, pushReport),
  'sync.status': entry(none, syncSummary),
  /** The new-booking form's reference data, from the cache. */
  'counter.setup': entry(none, counterSetup),
  /** Reads the agency's open, in-transit and lately delivered bookings from the service into the cache. */
  'counter.refresh': entry(none, counterSetup),
  /** `kind` when the clerk picked a suggestion of that kind (an item and a bundle may share a code). */
  'counter.scan': entry(z.object({ code: z.string().max(200), kind: z.enum(['item', 'bundle']).optional() }), scanResult),
  'counter.stock': entry(z.object({ itemId: z.number().int().positive() }), z.array(agencyStock)),
  'counter.transferRequests': entry(none, z.array(transferRequest)),

  /** Purchasing: online only (a failure keeps the form as typed). */
  'purchasing.context': entry(
    none,
    z.object({ currency: currency.nullable(), agencies: z.array(z.object({ id: z.number().int(), name: z.string() })), userAgencyId: z.number().int().nullable() }),
  ),
  'purchaseOrders.search': entry(z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(200).default(50) }), z.array(purchaseOrder)),
  'purchaseOrders.get': entry(z.object({ id: z.number().int().positive() }), purchaseOrder),
  'consolidates.list': entry(none, z.array(consolidateSummary)),
  'consolidates.candidates': entry(z.object({ special: z.boolean().default(false) }), z.array(purchaseOrder)),
  'consolidates.get': entry(z.object({ id: z.number().int().positive() }), consolidate),
  'consolidates.create': entry(consolidateInput, consolidate),
  'consolidates.update': entry(z.object({ id: z.number().int().positive(), changes: consolidateChanges }), consolidate),
  'consolidates.delete': entry(z.object({ id: z.number().int().positive() }), z.object({ deleted: z.literal(true) })),
  'receptions.draft': entry(z.object({ orderId: z.number().int().positive() }), receptionDraft),
  'receptions.create': entry(receptionInput, receptionResult),
  'receptions.get': entry(z.object({ id: z.number().int().positive() }), reception),
  'receptions.ofOrder': entry(z.object({ orderId: z.number().int().positive() }), z.array(reception)),
  'receptions.return': entry(
    z.object({ id: z.number().int().positive(), reboundOrderId: z.number().int().positive().nullable().default(null) }),
    reception,
  ),

  /** Administration and apps: straight to the service, nothing cached. */
  'profile.update': entry(profileChanges, whoAmI),
  /** When the GraphQL token the main process holds expires (renewed first if due); never the token. */
  'graphql.tokenValidity': entry(none, graphqlTokenValidity),
  'pieceworkGroups.list': entry(none, z.array(pieceworkTypeGroup)),
  'pieceworkGroups.get': entry(z.object({ id: z.number().int().positive() }), pieceworkTypeGroup),
  'pieceworkGroups.create': entry(pieceworkTypeGroupInput, pieceworkTypeGroup),
  'pieceworkGroups.update': entry(z.object({ id: z.number().int().positive(), changes: pieceworkTypeGroupInput.partial() }), pieceworkTypeGroup),
  'pieceworkGroups.delete': entry(z.object({ id: z.number().int().positive() }), z.object({ deleted: z.literal(true) })),
  'documentStructures.get': entry(z.object({ type: documentType }), documentStructure),
  'dynamicTables.list': entry(none, z.array(dynamicTable)),
  'dynamicTables.create': entry(newDynamicTable, dynamicTable),
  'dynamicTables.rename': entry(z.object({ id: z.number().int().positive(), name: z.string().trim().min(1).max(100) }), dynamicTable),
  'dynamicTables.delete': entry(z.object({ id: z.number().int().positive() }), z.object({ deleted: z.literal(true) })),
  'dynamicTables.rows': entry(z.object({ id: z.number().int().positive() }), z.object({ table: dynamicTable, rows: z.array(tableRow) })),
  'dynamicTables.addRow': entry(z.object({ tableId: z.number().int().positive(), data: rowData }), tableRow),
  'dynamicTables.updateRow': entry(z.object({ tableId: z.number().int().positive(), rowId: z.number().int().positive(), data: rowData }), tableRow),
  'dynamicTables.deleteRow': entry(
    z.object({ tableId: z.number().int().positive(), rowId: z.number().int().positive() }),
    z.object({ deleted: z.literal(true) }),
  ),

  /** Help → Diagnostics: the doctor's checks (never a secret). */
  'support.doctor': entry(none, doctorReport),
  /** Help → Diagnostics, "Check the service": what the signed-in server offers of what the client uses. */
  'support.serviceCheck': entry(none, serviceCheckReport),
  /** The support bundle as a zip, scrubbed of secrets; the renderer hands it to the download, where the user picks the place. */
  'support.bundle': entry(z.object({ includeData: z.boolean().default(false) }), fileData),
  // Updates (the desktop app only; elsewhere the status is off, not_desktop).
  'updates.status': entry(none, updateStatus),
  /** Restarts into the downloaded version; refused (outbox_not_empty) while bookings are unsent. */
  'updates.install': entry(none, updateStatus),
  'updates.setEnabled': entry(z.object({ enabled: z.boolean() }), updateStatus),
} as const

export const events = {
  'session.changed': sessionStatus,
  'connection.changed': connectionState,
  'entity.changed': whoAmI,
  'catalogue.progress': pullProgress,
  'catalogue.changed': catalogueStatus,
  'sync.changed': syncSummary,
  /** The agency's bookings were read again from the service. */
  'bookings.changed': z.object({ at: z.string() }),
  'updates.changed': updateStatus,
} as const

export type Requests = typeof requests
export type RequestName = keyof Requests
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>
export type RequestParsedInput<N extends RequestName> = z.output<Requests[N]['input']>
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<N extends EventName> = z.output<Events[N]>

export const requestNames = Object.keys(requests) as RequestName[]
export const eventNames = Object.keys(events) as EventName[]

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(requests, name)
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}

/** Channel names of each transport, derived here so no transport spells one itself. */
export const ipcRequestChannel = (name: RequestName) => `mostrador:request:${name}`
export const ipcEventChannel = (name: EventName) => `mostrador:event:${name}`
export const hostRequestPath = (name: RequestName) => `/rpc/${name}`
export const hostEventsPath = '/events'
/** Header a browser-host client sends its per-run token in (the cookie is the other way). */
export const hostTokenHeader = 'x-mostrador-host-token'
export const hostTokenCookie = 'mostrador_host'

/** What every transport hands back for a request: a value, or an error payload. */
export { type ErrorPayload } from './errors'
import { errorPayload } from './errors'
export const envelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorPayload }),
])
export type Envelope = z.infer<typeof envelope>

/** The shape the preload exposes on `window.mostrador` (and the browser host imitates). */
export interface Bridge {
  invoke(name: RequestName, payload: unknown): Promise<Envelope>
  on(name: EventName, listener: (payload: unknown) => void): () => void
}
