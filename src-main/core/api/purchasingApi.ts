import { z } from 'zod'
import type { EntityCurrency } from '@shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import { gqlCurrencySchema } from './purchaseOrdersApi'
import { id, nullableText, text } from './normalise'

/**
 * What the purchasing screens need around orders, consolidates and receptions: the agencies goods
 * may enter and the entity's currency, over GraphQL. Orders are `purchaseOrdersApi.ts`,
 * consolidates `consolidatesApi.ts`, receptions `receptionsApi.ts`.
 */

export const ACTIVE_AGENCIES_QUERY = '{ agencies(where: {active: {_eq: true}}, order_by: {id: asc}) { id name } }'

export async function listActiveAgencies(graphql: GraphqlClient): Promise<{ id: number; name: string }[]> {
  const { agencies } = await graphql.data(ACTIVE_AGENCIES_QUERY, z.object({ agencies: z.array(z.object({ id, name: text })) }))
  return agencies
}

// country: the currency's country (SDK GraphQL.queries.ts getCurrencies reads it), which the screens' number formats prefer to a guess from the time zone.
export const CURRENCY_QUERY = 'query ($id: bigint!) { currencies(where: {id: {_eq: $id}}) { id code prefix country } }'
const gqlEntityCurrencySchema = gqlCurrencySchema.extend({ country: nullableText })

/** The entity's currency, for amounts shown in it (company.currency_id names it); the real service calls its symbol `prefix`. */
export async function fetchCurrency(graphql: GraphqlClient, currencyId: number): Promise<EntityCurrency | null> {
  const { currencies } = await graphql.data(CURRENCY_QUERY, z.object({ currencies: z.array(gqlEntityCurrencySchema) }), { id: currencyId })
  const c = currencies[0]
  return c ? { id: c.id, code: c.code, symbol: c.prefix ?? c.code, country: c.country?.trim() || null } : null
}
