import type { StatementCache } from '../store/statementCache'
import { dateInZone } from '@shared/localDate'
import { callerAgency, findAgency, type AgencyRow } from './agencies'
import type { BookingForm } from './bookingForm'
import { bookingText as b } from './bookingText'
import type { ShipmentRow } from './shipments'
import { findTransferRequest, type TransferRequestRow } from './transferRequests'
import type { UserRow } from './users'
import { validationText as t } from './validationText'

/**
 * The booking's own fields after a create or update, checked against the
 * database: origin (the caller's agency unless given; fixed once created),
 * destination (another active agency, of the origin's category when the POS
 * setting is on), planned delivery (today in the caller's zone unless
 * given), booker (the caller unless given) and the transfer request (pending).
 */
export interface HeaderRequest {
  entityId: number
  user: UserRow
  now: Date
  existing?: ShipmentRow
  form: BookingForm
  sameCategoryOnly: boolean
}

export interface ResolvedHeader {
  origin?: AgencyRow
  destination?: AgencyRow
  plannedDelivery: string | null
  plannedShipping: string | null
  bookerId: number | null
  transferRequest?: TransferRequestRow
  reference: string | null
  memo: string | null
  needsTransport: 0 | 1
}

type AddError = (field: string, message: string) => void

function agencyFor(statements: StatementCache, entityId: number, id: number, field: string, add: AddError): AgencyRow | undefined {
  const agency = findAgency(statements, entityId, id)
  if (!agency) return void add(field, t.mustExist)
  if (agency.active !== 1) return void add(field, b.inactiveAgency)
  return agency
}

function resolveOrigin(statements: StatementCache, req: HeaderRequest, add: AddError): AgencyRow | undefined {
  const { changes } = req.form
  if (req.existing) {
    if ('agency_from_id' in changes && changes.agency_from_id !== req.existing.agency_from_id) add('agency_from_id', b.cannotChange)
    return req.existing.agency_from_id === null ? undefined : findAgency(statements, req.entityId, req.existing.agency_from_id)
  }
  if (req.form.errors.agency_from_id) return undefined
  const id = 'agency_from_id' in changes ? changes.agency_from_id : callerAgency(statements, req.entityId, req.user.id)?.id
  if (id === null || id === undefined) return void add('agency_from_id', t.blank)
  return agencyFor(statements, req.entityId, id, 'agency_from_id', add)
}

function resolveDestination(
  statements: StatementCache,
  req: HeaderRequest,
  origin: AgencyRow | undefined,
  add: AddError,
): AgencyRow | undefined {
  const { changes } = req.form
  if (req.form.errors.agency_to_id) return undefined
  const id = 'agency_to_id' in changes ? changes.agency_to_id : (req.existing?.agency_to_id ?? null)
  if (id === null || id === undefined) return void add('agency_to_id', t.blank)
  const destination = agencyFor(statements, req.entityId, id, 'agency_to_id', add)
  if (!destination || !origin) return destination
  if (destination.id === origin.id) return void add('agency_to_id', b.sameAsOrigin)
  if (req.sameCategoryOnly && destination.agency_category_id !== origin.agency_category_id) return void add('agency_to_id', b.otherCategory)
  return destination
}

function resolveBooker(statements: StatementCache, req: HeaderRequest, add: AddError): number | null {
  const { changes } = req.form
  if (!('booker_id' in changes)) return req.existing ? req.existing.booker_id : req.user.id
  const id = changes.booker_id ?? null
  if (id === null) {
    add('booker_id', t.blank)
    return null
  }
  // A booker is a person of this entity: an active membership in it.
  const member = statements.get('SELECT 1 FROM memberships WHERE user_id = ? AND entity_id = ? AND active = 1').get(id, req.entityId)
  if (member === undefined) add('booker_id', t.mustExist)
  return id
}

function resolveTransferRequest(statements: StatementCache, req: HeaderRequest, add: AddError): TransferRequestRow | undefined {
  const { changes } = req.form
  if (req.existing) {
    if ('transfer_request_id' in changes && changes.transfer_request_id !== req.existing.transfer_request_id)
      add('transfer_request_id', b.cannotChange)
    return undefined
  }
  const id = changes.transfer_request_id
  if (id === null || id === undefined) return undefined
  const request = findTransferRequest(statements, req.entityId, id)
  if (!request) return void add('transfer_request_id', t.mustExist)
  if (request.voided === 1) return void add('transfer_request_id', b.requestVoided)
  if (request.booked === 1) return void add('transfer_request_id', b.requestBooked)
  return request
}

function resolvePlannedDelivery(req: HeaderRequest, add: AddError): string | null {
  const { changes } = req.form
  if ('planned_delivery' in changes) {
    if (changes.planned_delivery === null) add('planned_delivery', t.blank)
    return changes.planned_delivery ?? null
  }
  if (req.existing) return req.existing.planned_delivery
  // The form's default: today, in the caller's own time zone.
  return req.form.errors.planned_delivery ? null : dateInZone(req.now, req.user.time_zone)
}

export function resolveHeader(statements: StatementCache, req: HeaderRequest, add: AddError): ResolvedHeader {
  const { changes } = req.form
  const existing = req.existing
  const origin = resolveOrigin(statements, req, add)
  const keep = <K extends 'reference' | 'memo' | 'planned_shipping'>(key: K): string | null =>
    key in changes ? (changes[key] ?? null) : (existing?.[key] ?? null)
  return {
    origin,
    destination: resolveDestination(statements, req, origin, add),
    plannedDelivery: resolvePlannedDelivery(req, add),
    plannedShipping: keep('planned_shipping'),
    bookerId: resolveBooker(statements, req, add),
    transferRequest: resolveTransferRequest(statements, req, add),
    reference: keep('reference'),
    memo: keep('memo'),
    needsTransport: changes.needs_transport ?? ((existing?.needs_transport ?? 1) === 1 ? 1 : 0),
  }
}
