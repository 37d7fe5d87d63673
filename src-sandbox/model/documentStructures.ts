/**
 * Reference descriptors of document fields. The spec shows reference,
 * taxable, payee_id and infinite; the rest of each list is ours (listed in
 * ADDITIONS.md), chosen as fields those documents plainly have.
 */
export interface FieldDescriptor {
  type: 'string' | 'boolean' | 'integer' | 'date' | 'decimal'
  required: boolean
  default: string | number | boolean | null
}

export const documentTypes = ['contract', 'purchase_order', 'invoice', 'shipment', 'entry', 'case'] as const
export type DocumentType = (typeof documentTypes)[number]

const reference: FieldDescriptor = { type: 'string', required: false, default: null }
const taxable: FieldDescriptor = { type: 'boolean', required: true, default: true }
const payee: FieldDescriptor = { type: 'integer', required: true, default: null }
const memo: FieldDescriptor = { type: 'string', required: false, default: null }

export const documentStructures: Readonly<Record<DocumentType, Readonly<Record<string, FieldDescriptor>>>> = {
  contract: {
    reference,
    taxable,
    payee_id: payee,
    infinite: { type: 'boolean', required: true, default: false },
    starts_on: { type: 'date', required: true, default: null },
    ends_on: { type: 'date', required: false, default: null },
    memo,
  },
  purchase_order: {
    reference,
    taxable,
    payee_id: payee,
    agency_id: { type: 'integer', required: true, default: null },
    currency_id: { type: 'integer', required: true, default: null },
    planned_delivery: { type: 'date', required: false, default: null },
    memo,
  },
  invoice: {
    reference,
    taxable,
    payee_id: payee,
    agency_id: { type: 'integer', required: true, default: null },
    credit: { type: 'boolean', required: true, default: false },
    memo,
  },
  shipment: {
    reference,
    payee_id: payee,
    agency_from_id: { type: 'integer', required: true, default: null },
    agency_to_id: { type: 'integer', required: false, default: null },
    needs_transport: { type: 'boolean', required: true, default: false },
    planned_delivery: { type: 'date', required: false, default: null },
    memo,
  },
  entry: {
    reference,
    payee_id: payee,
    accounted_on: { type: 'date', required: true, default: null },
    amount: { type: 'decimal', required: true, default: '0.0' },
    memo,
  },
  case: {
    reference,
    payee_id: payee,
    subject: { type: 'string', required: true, default: null },
    priority: { type: 'integer', required: true, default: 3 },
    closed: { type: 'boolean', required: true, default: false },
    memo,
  },
}

export function isDocumentType(value: string): value is DocumentType {
  return (documentTypes as readonly string[]).includes(value)
}
