import { characterCount } from '@shared/patterns'
import { errorMessagesFor } from '../routes/validationMessages'
import { bookingText as b } from './bookingText'
import { castBoolean, castDate, castText, readId, trueValues } from './railsCast'
import { parseDecimal, railsDecimalString } from './railsDecimal'
import { validationText as t } from './validationText'

/**
 * Reads the body of a booking create or update (`{shipment: {...}}`) the way
 * the service's form would: only the permitted fields, Rails-style casting,
 * and the checks that need no database. What needs the database (agencies,
 * items, lots, stock, the transfer request) is checked by saveBooking.
 */
export interface BookingChanges {
  agency_from_id?: number | null
  agency_to_id?: number | null
  planned_delivery?: string | null
  planned_shipping?: string | null
  reference?: string | null
  memo?: string | null
  needs_transport?: 0 | 1
  booker_id?: number | null
  transfer_request_id?: number | null
}

/** One entry of movements_attributes. */
export interface LineChange {
  /** The entry's position among movements_attributes as sent (0-based): the N of `movements[N].field` errors. */
  index: number
  /** An existing line (change or destroy); absent for a new one. */
  id?: number
  idText?: string
  destroy: boolean
  itemId?: number
  /** Rails' decimal string ("2.0"). */
  quantity?: string
  /** undefined: not given; null: "the default lot". */
  lotId?: number | null
  serialNumber?: string | null
  reference?: string | null
  bundleId?: number | null
}

export interface BookingForm {
  changes: BookingChanges
  /** Present when the body carries lock_version (optimistic locking). */
  lockVersion?: number
  lines: LineChange[]
  /** `{field: [messages]}` of the checks made here. */
  errors: Record<string, string[]>
}

type Errors = ReturnType<typeof errorMessagesFor>

/** The key of a line's field in the validation body: `movements[N].booked_quantity` (see ADDITIONS.md). */
export function lineField(index: number, field: string): string {
  return `movements[${index}].${field}`
}

function readText(raw: unknown, field: string, limit: number, errors: Errors): string | null | undefined {
  const value = castText(raw)
  if (value === undefined) return void errors.add(field, t.invalid)
  // Rails counts characters (code points), not UTF-16 units.
  if (value !== null && characterCount(value) > limit) return void errors.add(field, t.tooLong(limit))
  return value
}

function readOptionalId(raw: unknown, field: string, errors: Errors): number | null | undefined {
  const id = readId(raw)
  if (!id.ok) return void errors.add(field, id.message)
  return id.value
}

function readLine(raw: unknown, index: number, errors: Errors): LineChange | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return void errors.add(`movements[${index}]`, t.invalid)
  const entry = raw as Record<string, unknown>
  const field = (name: string) => lineField(index, name)
  const line: LineChange = { index, destroy: trueValues.has(entry._destroy) }
  if (entry.id !== undefined && entry.id !== null && entry.id !== '') {
    const id = readId(entry.id)
    if (!id.ok || id.value === null) return void errors.add(field('id'), id.ok ? t.invalid : id.message)
    line.id = id.value
    line.idText = String(entry.id)
  }
  // Rails skips a new entry marked for destruction without looking at it.
  if (line.destroy) return line.id === undefined ? undefined : line
  const isNew = line.id === undefined

  if (entry.item_id !== undefined || isNew) {
    const item = readId(entry.item_id ?? null)
    if (!item.ok) errors.add(field('item_id'), item.message)
    else if (item.value === null) errors.add(field('item_id'), t.blank)
    else line.itemId = item.value
  }
  if (entry.booked_quantity !== undefined || isNew) {
    const parsed = parseDecimal(entry.booked_quantity)
    if (!parsed.ok) errors.add(field('booked_quantity'), parsed.reason === 'blank' ? t.blank : t.notANumber)
    else if (parsed.value.lte(0)) errors.add(field('booked_quantity'), t.greaterThan(0))
    else line.quantity = railsDecimalString(parsed.value)
  }
  if (entry.lot_id !== undefined) {
    const lot = readOptionalId(entry.lot_id, field('lot_id'), errors)
    if (lot !== undefined) line.lotId = lot
  }
  if (entry.bundle_id !== undefined) {
    const bundle = readOptionalId(entry.bundle_id, field('bundle_id'), errors)
    if (bundle !== undefined) line.bundleId = bundle
  }
  if (entry.serial_number !== undefined) {
    const serial = readText(entry.serial_number, field('serial_number'), 255, errors)
    if (serial !== undefined) line.serialNumber = serial
  }
  if (entry.reference !== undefined) {
    const reference = readText(entry.reference, field('reference'), 255, errors)
    if (reference !== undefined) line.reference = reference
  }
  return line
}

/** The lines of one attributes key; `first` is the position of its first entry among all sent (for `movements[N]`). */
function readLines(raw: unknown, errors: Errors, first: number): { lines: LineChange[]; entries: number } {
  if (raw === undefined || raw === null) return { lines: [], entries: 0 }
  // Rails takes a hash keyed by index ({"0": {...}}) or an array; a hash is read in key order.
  const entries = Array.isArray(raw) ? raw : typeof raw === 'object' ? Object.values(raw) : undefined
  if (entries === undefined) {
    errors.add('movements', t.invalid)
    return { lines: [], entries: 0 }
  }
  const lines: LineChange[] = []
  entries.forEach((entry, index) => {
    const line = readLine(entry, first + index, errors)
    if (line) lines.push(line)
  })
  return { lines, entries: entries.length }
}

/** Reads the inner object of `{shipment: {...}}`; only the fields present are changes (defaults come in saveBooking). */
export function readBookingForm(input: Record<string, unknown>): BookingForm {
  const errors = errorMessagesFor()
  const changes: BookingChanges = {}

  for (const column of ['agency_from_id', 'agency_to_id', 'booker_id', 'transfer_request_id'] as const) {
    if (!(column in input)) continue
    const id = readOptionalId(input[column], column, errors)
    if (id !== undefined) changes[column] = id
  }
  for (const column of ['planned_delivery', 'planned_shipping'] as const) {
    if (!(column in input)) continue
    const date = castDate(input[column])
    if (date === undefined) errors.add(column, b.notADate)
    else changes[column] = date
  }
  if ('reference' in input) {
    const reference = readText(input.reference, 'reference', 255, errors)
    if (reference !== undefined) changes.reference = reference
  }
  if ('memo' in input) {
    const memo = readText(input.memo, 'memo', 5000, errors)
    if (memo !== undefined) changes.memo = memo
  }
  if ('needs_transport' in input) {
    const flag = castBoolean(input.needs_transport)
    if (flag === undefined) errors.add('needs_transport', t.notABoolean)
    else changes.needs_transport = flag
  }

  let lockVersion: number | undefined
  if (input.lock_version !== undefined && input.lock_version !== null && input.lock_version !== '') {
    const raw = input.lock_version
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
    if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) lockVersion = Number(text)
    else errors.add('lock_version', t.notANumber)
  }

  // The interface and the SDK send movements_attributes; the documentation's example shipment_details_attributes.
  // Both are taken (ADDITIONS.md, "Bookings"), the lines of each in turn.
  const first = readLines(input.movements_attributes, errors, 0)
  const lines = [...first.lines, ...readLines(input.shipment_details_attributes, errors, first.entries).lines]
  return { changes, lockVersion, lines, errors: errors.fields }
}
