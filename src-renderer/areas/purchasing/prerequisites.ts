import { specialInvoicePrerequisites, type SpecialInvoicePrerequisite } from '@shared/purchasing'
import type { AppError } from '@shared/errors'

/**
 * The special-invoice prerequisites the service reported missing. It names
 * each on the field the consolidate would take from it (charge_term_id,
 * item_id, id_number); the spec gives no way to read them beforehand, so the
 * refusal is the only source.
 */
export function missingPrerequisites(error: AppError | null): SpecialInvoicePrerequisite[] {
  if (!error || error.code !== 'validation') return []
  return specialInvoicePrerequisites.filter((field) => (error.fields[field]?.length ?? 0) > 0)
}
