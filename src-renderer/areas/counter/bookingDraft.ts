import Decimal from 'decimal.js'
import type { BookingLine, LocalBooking } from '@shared/bookings'
import type { LotOption, ScannedItem, TransferRequest } from '@shared/counter'
import { fefoLot } from '@shared/lots'

/**
 * The lines of a booking while the clerk types it: pure functions, so the
 * form stays a thin view and the rules (merge a repeated scan, default lot,
 * stock warnings) are tested without a browser. Quantities are decimal
 * strings, summed with decimal.js.
 */

export interface DraftLine {
  key: number
  item_id: number
  code: string
  name: string
  /** Cached stock of the item at the origin; null when the catalogue does not know it. */
  available: number | null
  lots: LotOption[]
  lot_id: number | null
  quantity: string
  serial_number: string
  reference: string
  bundle_id: number | null
  bundle_code: string | null
}

let nextKey = 1

export function validQuantity(q: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(q.trim())) return false
  return new Decimal(q.trim()).gt(0)
}

/** The lot a clerk should take (FEFO, never an expired one: src-shared/lots.ts). Without today's date, the first by expiry. */
export function defaultLot(lots: LotOption[], quantity = '1', today: string | null = null): number | null {
  return today === null ? (lots[0]?.id ?? null) : fefoLot(lots, quantity, today)
}

/**
 * Adds what was scanned. The same item scanned again (outside any bundle, or
 * from the same bundle) adds to its line instead of making a new one.
 */
export function addItem(
  lines: DraftLine[],
  scanned: ScannedItem,
  quantity: string,
  bundle: { id: number; code: string } | null = null,
  /** The clerk's day (profile zone): the default lot is then never an expired one. */
  today: string | null = null,
): { lines: DraftLine[]; line: DraftLine } {
  const existing = lines.find((l) => l.item_id === scanned.item.id && l.bundle_id === (bundle?.id ?? null) && l.serial_number === '')
  if (existing) {
    const line = { ...existing, quantity: new Decimal(validQuantity(existing.quantity) ? existing.quantity : 0).plus(quantity).toString() }
    return { lines: lines.map((l) => (l.key === existing.key ? line : l)), line }
  }
  const line: DraftLine = {
    key: nextKey++,
    item_id: scanned.item.id,
    code: scanned.item.code,
    name: scanned.item.name,
    available: scanned.item.available,
    lots: scanned.lots,
    lot_id: defaultLot(scanned.lots, quantity, today),
    quantity: new Decimal(quantity).toString(),
    serial_number: '',
    reference: '',
    bundle_id: bundle?.id ?? null,
    bundle_code: bundle?.code ?? null,
  }
  return { lines: [...lines, line], line }
}

/** Lines whose item is booked above its cached stock, with what is available (over all lines of that item). */
export function overStock(lines: DraftLine[]): Map<number, number> {
  const wanted = new Map<number, Decimal>()
  for (const l of lines) if (validQuantity(l.quantity)) wanted.set(l.item_id, (wanted.get(l.item_id) ?? new Decimal(0)).plus(l.quantity.trim()))
  const over = new Map<number, number>()
  for (const l of lines) {
    const want = wanted.get(l.item_id)
    if (l.available !== null && want && want.gt(l.available)) over.set(l.key, l.available)
  }
  return over
}

export function toBookingLines(lines: DraftLine[]): BookingLine[] {
  return lines.map((l) => ({
    item_id: l.item_id,
    booked_quantity: new Decimal(l.quantity.trim()).toString(),
    lot_id: l.lot_id,
    serial_number: l.serial_number.trim() || null,
    reference: l.reference.trim() || null,
    bundle_id: l.bundle_id,
  }))
}

/** The lines of a saved booking, for editing it; lots and stock come from a fresh scan of each item. */
export function fromBooking(booking: LocalBooking, scans: Map<number, ScannedItem>): DraftLine[] {
  return booking.lines.map((l) => {
    const scanned = scans.get(l.item_id)
    return {
      key: nextKey++,
      item_id: l.item_id,
      code: l.item_code ?? scanned?.item.code ?? `#${l.item_id}`,
      name: l.item_name ?? scanned?.item.name ?? '',
      available: scanned?.item.available ?? null,
      lots: scanned?.lots ?? [],
      lot_id: l.lot_id,
      quantity: l.booked_quantity,
      serial_number: l.serial_number ?? '',
      reference: l.reference ?? '',
      bundle_id: l.bundle_id,
      bundle_code: null,
    }
  })
}

/** The lines a transfer request asks for, each with its default lot. */
export function fromRequest(request: TransferRequest, scans: Map<number, ScannedItem>, today: string | null = null): DraftLine[] {
  let lines: DraftLine[] = []
  for (const l of request.lines) {
    const scanned = scans.get(l.item_id) ?? {
      item: { id: l.item_id, code: l.item_code ?? `#${l.item_id}`, name: l.item_name ?? '', ean13: null, measurement_unit: null, item_category_id: null, available: null },
      lots: [],
    }
    lines = addItem(lines, scanned, l.quantity, null, today).lines
  }
  return lines
}
