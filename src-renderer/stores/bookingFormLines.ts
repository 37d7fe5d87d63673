import Decimal from 'decimal.js'
import type { BookingLine, LocalBooking } from '@shared/bookings'
import {
  addQuantities,
  defaultLot,
  expandBundle,
  lotStockWarnings,
  mergeTarget,
  normalQuantity,
  ownUnsent,
  ownUnsentByLot,
  stockWarnings,
} from '@shared/bookingLines'
import type { LotOption, ScanResult, ScannedItem, TransferRequest } from '@shared/counter'
import type { LotFreshness } from '@shared/lots'
import { isValidQuantity } from '@shared/patterns'

/**
 * The lines of a booking while the clerk types it, as the form holds them. The rules themselves (merge a
 * repeated scan, default lot, bundle expansion, the over-stock warning) live once in
 * src-shared/bookingLines, shared with the CLI and the core's save: this module only fits them to the
 * form's lines, so the views stay thin and the save-time warning says what the screen said.
 */

export interface FormLine {
  key: number
  itemId: number
  code: string
  name: string
  /**
   * What is available of the item at the origin: cached stock net of this computer's unsent bookings, as
   * the core's scan gives it; null when the catalogue does not know the item.
   */
  available: number | null
  lots: LotOption[]
  lotId: number | null
  quantity: string
  serialNumber: string
  reference: string
  bundleId: number | null
  bundleCode: string | null
}

let nextKey = 1

/** A quantity the line may be saved with: a decimal above zero, within the service's precision and range. */
export const validQuantity: (q: string) => boolean = isValidQuantity

export { defaultLot }

/**
 * Adds what was scanned. The same item scanned again (outside any bundle, or
 * from the same bundle) adds to its line instead of making a new one.
 */
export function addItem(
  lines: FormLine[],
  scanned: ScannedItem,
  quantity: string,
  bundle: { id: number; code: string } | null = null,
  /** The clerk's day (profile zone): the default lot is then never an expired one. */
  today: string | null = null,
): { lines: FormLine[]; line: FormLine } {
  const existing = mergeTarget(lines, scanned.item.id, bundle?.id ?? null)
  if (existing) {
    const line = { ...existing, quantity: addQuantities(existing.quantity, quantity) }
    return { lines: lines.map((l) => (l.key === existing.key ? line : l)), line }
  }
  const line: FormLine = {
    key: nextKey++,
    itemId: scanned.item.id,
    code: scanned.item.code,
    name: scanned.item.name,
    available: scanned.item.available,
    lots: scanned.lots,
    lotId: defaultLot(scanned.lots, quantity, today),
    quantity: normalQuantity(quantity),
    serialNumber: '',
    reference: '',
    bundleId: bundle?.id ?? null,
    bundleCode: bundle?.code ?? null,
  }
  return { lines: [...lines, line], line }
}

/**
 * A static bundle scanned `count` times: its components, each `quantity × count`, merged like scans and
 * marked with the bundle. Returns the last line touched (the one the form selects).
 */
export function addBundle(
  lines: FormLine[],
  found: Extract<ScanResult, { kind: 'bundle' }>,
  count = '1',
  today: string | null = null,
): { lines: FormLine[]; line: FormLine | null } {
  let line: FormLine | null = null
  for (const c of expandBundle(
    found.components.map((c) => ({ ...c, itemId: c.item.id })),
    count,
  )) {
    ;({ lines, line } = addItem(lines, c, c.quantity, { id: found.bundle.id, code: found.bundle.code }, today))
  }
  return { lines, line }
}

/** Why a line is over stock: more than the item has at the origin, or more than its chosen lot has (`lot` named). */
export interface OverStock {
  available: number
  lot: string | null
}

/**
 * Lines booked above what is available, each with that figure: over all lines of an item against the
 * item's, and over all lines on a lot against the lot's (the item's is said when both are: the lot then is not the problem). The same
 * warnings the save returns (src-shared/bookingLines/stockWarnings.ts).
 */
export function overStock(lines: FormLine[]): Map<number, OverStock> {
  const available = new Map(lines.map((l) => [l.itemId, l.available]))
  const over = new Map<number, OverStock>()
  for (const w of stockWarnings(lines, (item) => available.get(item) ?? null)) {
    for (const l of lines) if (l.itemId === w.itemId) over.set(l.key, { available: w.available, lot: null })
  }
  const lots = new Map(lines.flatMap((l) => l.lots).map((lot) => [lot.id, lot]))
  for (const w of lotStockWarnings(lines, (lot) => lots.get(lot)?.available ?? null)) {
    const lot = lots.get(w.lotId!)
    for (const l of lines)
      if (l.lotId === w.lotId && !over.has(l.key)) over.set(l.key, { available: w.available, lot: lot?.name ?? `#${w.lotId}` })
  }
  return over
}

/** The lot a line is on, as the scan listed it; null without a lot or when the cache no longer lists it. */
export function chosenLot(line: FormLine): LotOption | null {
  return line.lotId === null ? null : (line.lots.find((l) => l.id === line.lotId) ?? null)
}

/** What the line's "Available" says: its chosen lot's figure at the origin, else the item's. */
export function lineAvailable(line: FormLine): number | null {
  return chosenLot(line)?.available ?? line.available
}

/**
 * A line of an item kept in lots with none chosen: "no lot" is only for items without lots, so the
 * clerk chooses (its lots all expired, or none covers the quantity) before the booking is saved.
 */
export function needsLot(line: FormLine): boolean {
  return line.lotId === null && line.lots.length > 0
}

/**
 * Lines on a lot already expired, or expiring within the warning days, on the clerk's day (`freshness`):
 * the save asks before sending them (a lot chosen by hand, or kept from an older booking; the default
 * lot is never an expired one).
 */
export function datedLotLines(
  lines: FormLine[],
  freshness: (expires: string | null) => LotFreshness,
): { line: FormLine; lot: LotOption; state: Exclude<LotFreshness, 'fresh'> }[] {
  // The clerk's day is asked for only when a lot has a date: its zone's first format loads the time-zone
  // data (~15 ms), which a cold start with an empty form would wait for.
  return lines.flatMap((line) => {
    const lot = chosenLot(line)
    if (!lot?.expires) return []
    const state = freshness(lot.expires)
    return state === 'fresh' ? [] : [{ line, lot, state }]
  })
}

export function toBookingLines(lines: FormLine[]): BookingLine[] {
  return lines.map((l): BookingLine => ({
    itemId: l.itemId,
    bookedQuantity: normalQuantity(l.quantity),
    lotId: l.lotId,
    serialNumber: l.serialNumber.trim() || null,
    reference: l.reference.trim() || null,
    bundleId: l.bundleId,
  }))
}

/**
 * The lines of a saved booking, for editing it; lots and stock come from a fresh scan of each item. A
 * booking still unsent is part of the scan's net figure: its own quantities are added back, or it would
 * be warned against itself.
 */
export function fromBooking(booking: LocalBooking, scans: Map<number, ScannedItem>): FormLine[] {
  const own = ownUnsent(booking)
  const ownLots = ownUnsentByLot(booking)
  return booking.lines.map((l): FormLine => {
    const scanned = scans.get(l.itemId)
    const available = scanned?.item.available ?? null
    const lots = (scanned?.lots ?? []).map((lot) =>
      ownLots.has(lot.id) ? { ...lot, available: new Decimal(lot.available).plus(ownLots.get(lot.id)!).toNumber() } : lot,
    )
    return {
      key: nextKey++,
      itemId: l.itemId,
      code: l.itemCode ?? scanned?.item.code ?? `#${l.itemId}`,
      name: l.itemName ?? scanned?.item.name ?? '',
      available: available === null ? null : new Decimal(available).plus(own.get(l.itemId) ?? 0).toNumber(),
      lots,
      lotId: l.lotId,
      quantity: l.bookedQuantity,
      serialNumber: l.serialNumber ?? '',
      reference: l.reference ?? '',
      bundleId: l.bundleId,
      bundleCode: null,
    }
  })
}

/** The lines a transfer request asks for, each with its default lot. */
export function fromRequest(request: TransferRequest, scans: Map<number, ScannedItem>, today: string | null = null): FormLine[] {
  let lines: FormLine[] = []
  for (const l of request.lines) {
    const scanned = scans.get(l.itemId) ?? {
      item: {
        id: l.itemId,
        code: l.itemCode ?? `#${l.itemId}`,
        name: l.itemName ?? '',
        ean13: null,
        measurementUnit: null,
        itemCategoryId: null,
        available: null,
      },
      lots: [],
    }
    lines = addItem(lines, scanned, l.quantity, null, today).lines
  }
  return lines
}
