import { z } from 'zod'
import type { OpenBookingForm } from '@shared/openBooking'

/**
 * The open booking as its cache document keeps it (cacheDatabase's documents): its lines in the names
 * every version so far wrote. Read and written field by field here, so renaming a field of our
 * OpenBookingForm never makes a form kept by an older version unreadable (it would be dropped).
 * The header and the lots are checked by the form's own schema after mapping.
 */

type Line = OpenBookingForm['lines'][number]

const storedLine = z
  .object({
    key: z.unknown(),
    item_id: z.unknown(),
    code: z.unknown(),
    name: z.unknown(),
    available: z.unknown(),
    lots: z.unknown(),
    lot_id: z.unknown(),
    quantity: z.unknown(),
    serial_number: z.unknown(),
    reference: z.unknown(),
    bundle_id: z.unknown(),
    bundle_code: z.unknown(),
  })
  .partial()
type StoredLine = z.output<typeof storedLine>

function toStored(l: Line): StoredLine {
  return {
    key: l.key,
    item_id: l.itemId,
    code: l.code,
    name: l.name,
    available: l.available,
    lots: l.lots,
    lot_id: l.lotId,
    quantity: l.quantity,
    serial_number: l.serialNumber,
    reference: l.reference,
    bundle_id: l.bundleId,
    bundle_code: l.bundleCode,
  }
}

/** Unchecked here: the caller parses the result with the form's schema. */
function fromStored(s: StoredLine): { [K in keyof Line]: unknown } {
  return {
    key: s.key,
    itemId: s.item_id,
    code: s.code,
    name: s.name,
    available: s.available,
    lots: s.lots,
    lotId: s.lot_id,
    quantity: s.quantity,
    serialNumber: s.serial_number,
    reference: s.reference,
    bundleId: s.bundle_id,
    bundleCode: s.bundle_code,
  }
}

/** What is written to the document. */
export function storedOpenBooking(entityId: number, form: OpenBookingForm): object {
  return { entityId, form: { ...form, lines: form.lines.map(toStored) } }
}

/** The document as read, with its lines in our names, to be parsed by the open booking's schema. */
export function openBookingFromStored(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const form = (value as { form?: unknown }).form
  if (typeof form !== 'object' || form === null) return value
  const lines = (form as { lines?: unknown }).lines
  if (!Array.isArray(lines)) return value
  return {
    ...value,
    form: { ...form, lines: lines.map((l: unknown) => (typeof l === 'object' && l !== null ? fromStored(storedLine.parse(l)) : l)) },
  }
}
