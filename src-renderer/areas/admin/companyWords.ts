import type { Company } from '@shared/domain'
import type { EntityCurrency } from '@shared/purchasing'

/**
 * What the Company screen writes for the fields the service gives as ids or codes.
 * The company names its currency and country only by id; the app reads the
 * currency itself (company.currency) and knows the entity's country from it, so
 * both are written by name in the clerk's language (Intl's names, not ours).
 */

/** Fields that are ids into lists the app never reads: a number there tells a clerk nothing, so they are not shown. */
export const unnamedIdFields = [
  'entityTypeId',
  'distributorContractId',
  'producerContractId',
  'payeeActivityId',
] as const satisfies readonly (keyof Company)[]

const capitalised = (s: string): string => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/** "Quetzal guatemalteco (GTQ)": the currency read for this company, by its name in the clerk's language. */
export function currencyLabel(currencyId: number | null, currency: EntityCurrency | null, language: string): string | null {
  if (currencyId === null || !currency || currency.id !== currencyId) return null
  let name: string | undefined
  try {
    name = new Intl.DisplayNames([language], { type: 'currency' }).of(currency.code)
  } catch {
    // A code Intl does not take (not three letters): the code alone.
  }
  return name && name !== currency.code ? `${capitalised(name)} (${currency.code})` : currency.code
}

/** A country's name in the clerk's language, from its ISO code ("GT" → "Guatemala"). */
export function countryLabel(code: string | null, language: string): string | null {
  if (!code) return null
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? null
  } catch {
    return null
  }
}

/** The costing methods the service names; another one is shown as the service writes it. */
export const costingMethods = ['average', 'fifo', 'lifo', 'standard'] as const
export type CostingMethod = (typeof costingMethods)[number]

export function costingMethodOf(raw: string): CostingMethod | null {
  const key = raw.trim().toLowerCase()
  return costingMethods.find((m) => m === key) ?? null
}

/**
 * The legal representative's gender is a yes/no on the service; nothing documents which is which, and the
 * sandbox's seed (a woman's name with no, a man's with yes) reads yes as male, so the screen does too.
 */
export const genderKey = (male: boolean): 'male' | 'female' => (male ? 'male' : 'female')
