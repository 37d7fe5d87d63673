import { z } from 'zod'
import { company, whoAmI, type Company, type WhoAmI } from '@shared/domain'
import { companyWire, profileWire } from '../api/profileApi'
import type { Sqlite } from './sqlite'
import { readDocument } from './cacheDatabase'

/**
 * The last whoami and company read from the service, as kept in the account's documents for offline starts.
 * Versions before our own types were camelCase kept them with the service's names (`time_zone`,
 * `currency_id`): those still read, through the same field-by-field mappers as the service's answers.
 */
const storedWhoAmI = z.union([whoAmI, whoAmI.extend({ profile: profileWire })])
const storedCompany = z.union([company, companyWire])

/** A copy that no longer reads (damaged by hand, or from a version we do not know) counts as no copy. */
function readStored<T>(db: Sqlite, key: string, schema: z.ZodType<T>): { value: T; updatedAt: string } | null {
  const kept = readDocument<unknown>(db, key)
  if (!kept) return null
  const parsed = schema.safeParse(kept.value)
  return parsed.success ? { value: parsed.data, updatedAt: kept.updatedAt } : null
}

export const whoAmIKey = 'whoami'
export const companyKey = (entityId: number): string => `company:${entityId}`

export function readStoredWhoAmI(db: Sqlite): WhoAmI | null {
  return readStored(db, whoAmIKey, storedWhoAmI)?.value ?? null
}

export function readStoredCompany(db: Sqlite, entityId: number): Company | null {
  return readStored(db, companyKey(entityId), storedCompany)?.value ?? null
}
