import type { StatementCache } from '../store/statementCache'

export interface TransferRequestRow {
  id: number
  entity_id: number
  agency_from_id: number
  agency_to_id: number
  planned_delivery: string
  reference: string | null
  voided: number
  booked: number
  created_at: string
  updated_at: string
}

export interface TransferRequestLineRow {
  id: number
  item_id: number
  quantity: string
}

export function findTransferRequest(statements: StatementCache, entityId: number, id: number): TransferRequestRow | undefined {
  return statements
    .get<[number, number], TransferRequestRow>('SELECT * FROM transfer_requests WHERE id = ? AND entity_id = ?')
    .get(id, entityId)
}

export function linesOfTransferRequest(statements: StatementCache, id: number): TransferRequestLineRow[] {
  return statements
    .get<[number], TransferRequestLineRow>(
      'SELECT id, item_id, quantity FROM transfer_request_lines WHERE transfer_request_id = ? ORDER BY id',
    )
    .all(id)
}

/**
 * Marks a request booked (a booking was made from it) or pending again (that
 * booking was deleted and no other live booking refers to it).
 */
export function setTransferRequestBooked(statements: StatementCache, id: number, booked: boolean, now: string): void {
  statements.get('UPDATE transfer_requests SET booked = ?, updated_at = ? WHERE id = ?').run(booked ? 1 : 0, now, id)
}
