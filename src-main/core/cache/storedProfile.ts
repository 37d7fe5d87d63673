import { z } from 'zod'
import { company, whoAmI, type Company, type WhoAmI } from '@shared/domain'
import { deepFreeze } from '@shared/deepFreeze'
import { companyWire, profileWire } from '../api/profileApi'
import type { Sqlite } from '@base/sqlite'
import { parsedJson, readDocumentText } from './cacheDatabase'

/**
 * The last whoami and company read from the service, as kept in the account's documents for offline starts.
 * Versions before our own types were camelCase kept them with the service's names (`time_zone`,
 * `currency_id`): those still read, through the same field-by-field mappers as the service's answers.
 */
const storedWhoAmI = z.union([whoAmI, whoAmI.extend({ profile: profileWire })])
const storedCompany = z.union([company, companyWire])

/**
 * What each kept copy last read as, by its text. The current entity is read from the kept profile several
 * times a commit, and parsing it each time was most of what a commit allocated (its garbage collections were
 * the commit's slowest percent). Frozen, since every caller shares it.
 */
const lastRead = new WeakMap<Sqlite, Map<string, { text: string; value: unknown }>>()

/** A copy that no longer reads (damaged by hand, or from a version we do not know) counts as no copy. */
function readStored<T>(db: Sqlite, key: string, schema: z.ZodType<T>): T | null {
  const kept = readDocumentText(db, key)
  if (!kept) return null
  let copies = lastRead.get(db)
  if (!copies) lastRead.set(db, (copies = new Map()))
  const last = copies.get(key)
  if (last?.text === kept.text) return last.value as T | null
  const parsed = schema.safeParse(parsedJson(kept.text))
  const value = parsed.success ? deepFreeze(parsed.data) : null
  copies.set(key, { text: kept.text, value })
  return value
}

export const whoAmIKey = 'whoami'
export const companyKey = (entityId: number): string => `company:${entityId}`

export function readStoredWhoAmI(db: Sqlite): WhoAmI | null {
  return readStored(db, whoAmIKey, storedWhoAmI)
}

export function readStoredCompany(db: Sqlite, entityId: number): Company | null {
  return readStored(db, companyKey(entityId), storedCompany)
}
