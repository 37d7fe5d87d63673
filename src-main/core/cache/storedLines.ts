import { z } from 'zod'
import type { BookingLine } from '@shared/bookings'

/**
 * A booking's lines as the bookings table keeps them (JSON in bookings.lines): in the service's names,
 * the shape every version so far wrote. Read through this schema and mapped field by field, so renaming
 * a field of our BookingLine never changes what the cache holds or misreads what an older version wrote.
 */

const int = z.number().int()

/** Also the lines of a booking waiting in the outbox (core/sync/outbox/bookingPayloads.ts): one stored shape. */
export const storedLine = z.object({
  item_id: int,
  booked_quantity: z.union([z.string(), z.number()]).transform(String),
  lot_id: int.nullable().default(null),
  serial_number: z.string().nullable().default(null),
  reference: z.string().nullable().default(null),
  bundle_id: int.nullable().default(null),
})
type StoredLine = z.output<typeof storedLine>

function toStored(l: BookingLine): StoredLine {
  return {
    item_id: l.itemId,
    booked_quantity: l.bookedQuantity,
    lot_id: l.lotId,
    serial_number: l.serialNumber,
    reference: l.reference,
    bundle_id: l.bundleId,
  }
}

function fromStored(s: StoredLine): BookingLine {
  return {
    itemId: s.item_id,
    bookedQuantity: s.booked_quantity,
    lotId: s.lot_id,
    serialNumber: s.serial_number,
    reference: s.reference,
    bundleId: s.bundle_id,
  }
}

export function storedLines(lines: readonly BookingLine[]): string {
  return JSON.stringify(lines.map(toStored))
}

export function linesFromStored(json: string): BookingLine[] {
  return z.array(storedLine).parse(JSON.parse(json)).map(fromStored)
}
