import type { StatementCache } from '../store/statementCache'
import { lineField, type LineChange } from './bookingForm'
import { bookingText as b } from './bookingText'
import type { MovementRow } from './shipments'
import { validationText as t } from './validationText'

/**
 * The lines a booking will have after a create or update: its existing lines
 * with the changes of movements_attributes applied (`{id, …}` changes one,
 * `{id, _destroy}` removes it), then the new ones; each changed or new line
 * checked against the database (item, lot, bundle).
 */
export interface FinalLine {
  /** The existing movement, absent for a new line. */
  movementId?: number
  /** The entry of movements_attributes that touched the line; undefined when the request leaves it alone. */
  index: number | undefined
  itemId?: number
  itemCode?: string
  quantity?: string
  /** The lot asked for or kept; null: let the service pick the default lot. */
  lotId: number | null
  serialNumber: string | null
  reference: string | null
  bundleId: number | null
  /** True when the line passed its checks, so it can be placed on stock. */
  valid: boolean
}

export type LineResolution =
  | { kind: 'ok'; lines: FinalLine[]; destroyed: MovementRow[] }
  /** movements_attributes named a line the booking does not have: Rails answers RecordNotFound (404). */
  | { kind: 'movementNotFound'; idText: string }

type AddError = (field: string, message: string) => void

function touches(change: LineChange): boolean {
  return [change.itemId, change.quantity, change.lotId, change.serialNumber, change.reference, change.bundleId].some((v) => v !== undefined)
}

function fromMovement(m: MovementRow): FinalLine {
  return {
    movementId: m.id,
    index: undefined,
    itemId: m.item_id,
    quantity: m.booked_quantity,
    lotId: m.lot_id,
    serialNumber: m.serial_number,
    reference: m.reference,
    bundleId: m.bundle_id,
    valid: true,
  }
}

function applyChange(line: FinalLine, change: LineChange): FinalLine {
  const itemChanged = change.itemId !== undefined && change.itemId !== line.itemId
  return {
    ...line,
    index: change.index,
    itemId: change.itemId ?? line.itemId,
    quantity: change.quantity ?? line.quantity,
    // Another item without a lot named: the old lot cannot stay (it is the old item's).
    lotId: change.lotId !== undefined ? change.lotId : itemChanged ? null : line.lotId,
    serialNumber: change.serialNumber !== undefined ? change.serialNumber : line.serialNumber,
    reference: change.reference !== undefined ? change.reference : line.reference,
    bundleId: change.bundleId !== undefined ? change.bundleId : line.bundleId,
  }
}

function checkLine(statements: StatementCache, entityId: number, line: FinalLine, change: LineChange, add: AddError): void {
  const index = line.index!
  const field = (name: string) => lineField(index, name)
  if (line.itemId === undefined || line.quantity === undefined) {
    line.valid = false
    return
  }
  const item = statements
    .get<[number, number], { code: string; active: number }>('SELECT code, active FROM items WHERE id = ? AND entity_id = ?')
    .get(line.itemId, entityId)
  if (!item) {
    add(field('item_id'), t.mustExist)
    line.valid = false
    return
  }
  line.itemCode = item.code
  // An item made inactive after it was booked does not stop the clerk from changing the quantity.
  if (change.itemId !== undefined && item.active !== 1) {
    add(field('item_id'), b.inactiveItem)
    line.valid = false
  }
  if (line.lotId !== null) {
    const lot = statements
      .get<[number, number], { item_id: number }>('SELECT item_id FROM lots WHERE id = ? AND entity_id = ?')
      .get(line.lotId, entityId)
    if (!lot) add(field('lot_id'), t.mustExist)
    else if (lot.item_id !== line.itemId) add(field('lot_id'), b.lotOfAnotherItem)
    if (!lot || lot.item_id !== line.itemId) line.valid = false
  }
  if (change.bundleId !== undefined && change.bundleId !== null) {
    const bundle = statements.get('SELECT 1 FROM bundles WHERE id = ? AND entity_id = ?').get(change.bundleId, entityId)
    if (bundle === undefined) {
      add(field('bundle_id'), t.mustExist)
      line.valid = false
    }
  }
}

export function resolveLines(
  statements: StatementCache,
  entityId: number,
  existing: readonly MovementRow[],
  changes: readonly LineChange[],
  add: AddError,
): LineResolution {
  const byId = new Map(existing.map((m) => [m.id, fromMovement(m)]))
  const destroyed: MovementRow[] = []
  const added: FinalLine[] = []
  const touched: [FinalLine, LineChange][] = []

  for (const change of changes) {
    if (change.id !== undefined) {
      const current = byId.get(change.id)
      if (!current) return { kind: 'movementNotFound', idText: change.idText ?? String(change.id) }
      if (change.destroy) {
        byId.delete(change.id)
        destroyed.push(existing.find((m) => m.id === change.id)!)
      } else if (touches(change)) {
        const line = applyChange(current, change)
        byId.set(change.id, line)
        touched.push([line, change])
      }
      continue
    }
    const line: FinalLine = {
      index: change.index,
      itemId: change.itemId,
      quantity: change.quantity,
      lotId: change.lotId ?? null,
      serialNumber: change.serialNumber ?? null,
      reference: change.reference ?? null,
      bundleId: change.bundleId ?? null,
      valid: true,
    }
    added.push(line)
    touched.push([line, change])
  }

  for (const [line, change] of touched) checkLine(statements, entityId, line, change, add)
  const lines = [...byId.values(), ...added]
  // Untouched lines need their codes too, for an over-booking message.
  for (const line of lines) {
    if (line.itemCode === undefined && line.itemId !== undefined) {
      line.itemCode =
        statements.get<[number], string>('SELECT code FROM items WHERE id = ?').pluck().get(line.itemId) ?? String(line.itemId)
    }
  }
  if (lines.length === 0) add('movements', b.noLines)
  return { kind: 'ok', lines, destroyed }
}
