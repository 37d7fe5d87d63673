import type { Sqlite } from '@base/sqlite'

/** An entity row: the company fields of the spec, with logos stored as plain URLs. */
export interface CompanyRow {
  id: number
  name: string
  tin: string | null
  currency_id: number | null
  entity_type_id: number | null
  industry: string | null
  web: string | null
  notes: string | null
  vat: number | null
  vat_included: number | null
  logo_url: string | null
  logo_2_url: string | null
  report_logo_url: string | null
  distributor: number | null
  costing_method: string | null
  address: string | null
  state: string | null
  city: string | null
  income_tax: number | null
  distributor_contract_id: number | null
  producer_contract_id: number | null
  legal_representative_name: string | null
  legal_representative_identification: string | null
  legal_representative_birthday: string | null
  legal_representative_gender: number | null
  legal_representative_marital_status: string | null
  legal_representative_occupation: string | null
  legal_representative_nationality: string | null
  exporter_code: string | null
  payee_activity_id: number | null
  taxpayer_registry: string | null
  donation_acceptance_code: string | null
  country_id: number | null
  created_at: string
  updated_at: string
}

export function findCompany(db: Sqlite, entityId: number): CompanyRow | undefined {
  return db.prepare<[number], CompanyRow>('SELECT * FROM entities WHERE id = ?').get(entityId)
}
