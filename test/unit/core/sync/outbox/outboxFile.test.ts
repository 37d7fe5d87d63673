import { describe, expect, it } from 'vitest'
import type { OutboxOp } from '@shared/bookings'
import { outboxFile, OUTBOX_FILE_FORMAT, OUTBOX_FILE_VERSION } from '@core/sync/outbox/outboxFile'

// An outbox file comes from another computer, perhaps another version: an entry whose change would not read at
// send time is refused at the import, naming its marker, so nothing is imported that would stop in the queue.
const booking = {
  local_id: 'L-1',
  service_id: 61100,
  agency_from_id: 1,
  agency_to_id: 2,
  planned_delivery: '2026-11-30',
  reference: 'Pedido',
  needs_transport: 0,
  lines: '[]',
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
}
const fileWith = (op: OutboxOp, payload: Record<string, unknown>) => ({
  format: OUTBOX_FILE_FORMAT,
  version: OUTBOX_FILE_VERSION,
  exportedAt: '2026-11-28T11:00:00Z',
  serverUrl: 'https://servicio.example',
  email: 'caja@tienda.example',
  training: false,
  entityId: 7,
  entries: [{ marker: 'M-1', op, payload, createdAt: '2026-11-28T10:00:00Z', attempts: 0, state: 'queued', booking }],
})
const refusal = (op: OutboxOp, payload: Record<string, unknown>) => {
  const read = outboxFile.safeParse(fileWith(op, payload))
  return read.success ? null : read.error.issues.map((i) => i.message)
}

describe('an outbox file', () => {
  it('takes entries whose changes read as this version sends them', () => {
    expect(refusal('deliver', { delivered: [{ item_id: 5, lot_id: null, delivered_quantity: '2' }], note: 'faltó uno' })).toBeNull()
    expect(refusal('deliver', {})).toBeNull()
    expect(refusal('ship', {})).toBeNull()
  })

  it('refuses a delivery whose counted lines do not read, naming the entry', () => {
    expect(refusal('deliver', { delivered: 'todo' })).toEqual(['the deliver of entry M-1 does not read'])
  })

  it('refuses a create or an update that does not read, naming the entry', () => {
    expect(refusal('create', { agency_to_id: 'bodega' })).toEqual(['the create of entry M-1 does not read'])
    expect(refusal('update', { lines: 'todas' })).toEqual(['the update of entry M-1 does not read'])
  })
})
