import { z } from 'zod'
import type { ProfileChanges } from '@shared/administration'
import type { Agency, Company, Membership, Profile } from '@shared/domain'
import type { GraphqlClient } from './graphqlClient'
import {
  bool,
  id,
  nullableBool,
  nullableDate,
  nullableId,
  nullableNumber,
  nullableText,
  nullableTimestamp,
  optionalNull,
  text,
} from './normalise'
import type { RestClient } from './restClient'

/** The profile as the service names it; mapped field by field to ours. */
export const profileWire = z
  .object({
    id,
    email: z.string(),
    name: nullableText.transform((s) => s ?? ''),
    mobile_phone: nullableText,
    language: nullableText.transform((s) => s ?? 'es'),
    time_zone: nullableText.transform((s) => s ?? 'UTC'),
  })
  .transform((p): Profile => ({
    id: p.id,
    email: p.email,
    name: p.name,
    mobilePhone: p.mobile_phone,
    language: p.language,
    timeZone: p.time_zone,
  }))

const membershipSchema = z.object({
  id,
  current: bool,
  active: bool,
  entity: z.object({ id, name: text }),
})

const profileResponse = z.object({ profile: profileWire, memberships: z.array(membershipSchema) })

const url = optionalNull(z.string())
const sized = optionalNull(z.object({ url }))
const logo = optionalNull(z.object({ url, thumb: sized, standard: sized, header: sized }))

/** The company as the service names it; mapped field by field to ours. */
export const companyWire = z
  .object({
    id,
    name: text,
    tin: nullableText,
    currency_id: nullableId,
    entity_type_id: nullableId,
    industry: nullableText,
    web: nullableText,
    notes: nullableText,
    vat: nullableNumber,
    vat_included: nullableBool,
    logo,
    logo_2: logo,
    report_logo: logo,
    created_at: nullableTimestamp,
    updated_at: nullableTimestamp,
    distributor: nullableId,
    costing_method: nullableText,
    address: nullableText,
    state: nullableText,
    city: nullableText,
    income_tax: nullableNumber,
    distributor_contract_id: nullableId,
    producer_contract_id: nullableId,
    legal_representative_name: nullableText,
    legal_representative_identification: nullableText,
    legal_representative_birthday: nullableDate,
    legal_representative_gender: nullableBool,
    legal_representative_marital_status: nullableText,
    legal_representative_occupation: nullableText,
    legal_representative_nationality: nullableText,
    exporter_code: nullableText,
    payee_activity_id: nullableId,
    taxpayer_registry: nullableText,
    donation_acceptance_code: nullableText,
    country_id: nullableId,
  })
  .transform((c): Company => ({
    id: c.id,
    name: c.name,
    tin: c.tin,
    currencyId: c.currency_id,
    entityTypeId: c.entity_type_id,
    industry: c.industry,
    web: c.web,
    notes: c.notes,
    vat: c.vat,
    vatIncluded: c.vat_included,
    logo: c.logo,
    logo2: c.logo_2,
    reportLogo: c.report_logo,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    distributor: c.distributor,
    costingMethod: c.costing_method,
    address: c.address,
    state: c.state,
    city: c.city,
    incomeTax: c.income_tax,
    distributorContractId: c.distributor_contract_id,
    producerContractId: c.producer_contract_id,
    legalRepresentativeName: c.legal_representative_name,
    legalRepresentativeIdentification: c.legal_representative_identification,
    legalRepresentativeBirthday: c.legal_representative_birthday,
    legalRepresentativeGender: c.legal_representative_gender,
    legalRepresentativeMaritalStatus: c.legal_representative_marital_status,
    legalRepresentativeOccupation: c.legal_representative_occupation,
    legalRepresentativeNationality: c.legal_representative_nationality,
    exporterCode: c.exporter_code,
    payeeActivityId: c.payee_activity_id,
    taxpayerRegistry: c.taxpayer_registry,
    donationAcceptanceCode: c.donation_acceptance_code,
    countryId: c.country_id,
  }))

// `{}` or nothing at all (204) both mean done.
const emptyAnswer = z.union([z.null(), z.object({}).loose()])

export async function fetchProfile(rest: RestClient): Promise<{ profile: Profile; memberships: Membership[] }> {
  return rest.request({ method: 'GET', path: '/profile.json' }, profileResponse)
}

export async function fetchCompany(rest: RestClient): Promise<Company> {
  return rest.request({ method: 'GET', path: '/company.json' }, companyWire)
}

/** Makes `entityId` the user's current entity on the service. */
export async function selectEntity(rest: RestClient, entityId: number): Promise<void> {
  await rest.request({ method: 'PATCH', path: '/company.json', body: { selected_entity_id: String(entityId) } }, emptyAnswer)
}

/** PATCH /profile.json with only the attributes given; the service answers `{}`. */
export async function updateProfile(rest: RestClient, changes: ProfileChanges): Promise<void> {
  // The service's names; a change left undefined is not sent (the service keeps that attribute).
  const named = { name: changes.name, mobile_phone: changes.mobilePhone, language: changes.language, time_zone: changes.timeZone }
  const user = Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined))
  await rest.request({ method: 'PATCH', path: '/profile.json', body: { user } }, emptyAnswer)
}

const employeeAgencies = z.object({ employees: z.array(z.object({ agency_id: nullableId })) })
const agencyRows = z.object({ agencies: z.array(z.object({ id, name: text })) })

export const USER_EMPLOYEE_QUERY = 'query($user: bigint!) { employees(where: {user_id: {_eq: $user}}, limit: 1) { agency_id } }'
export const AGENCY_BY_ID_QUERY = 'query($id: bigint!) { agencies(where: {id: {_eq: $id}}) { id name } }'

/** The user's agency in the current entity: the one their employee record is bound to. */
export async function fetchUserAgency(graphql: GraphqlClient, userId: number): Promise<Agency | null> {
  const { employees } = await graphql.data(USER_EMPLOYEE_QUERY, employeeAgencies, { user: userId })
  const agencyId = employees[0]?.agency_id
  if (agencyId == null) return null
  const { agencies } = await graphql.data(AGENCY_BY_ID_QUERY, agencyRows, { id: agencyId })
  return agencies[0] ?? null
}
