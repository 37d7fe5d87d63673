import { sendError, sendValidationErrors, isPlainObject } from '../http/errorReplies'
import { requestUser } from '../http/userAuth'
import { findCompany, type CompanyRow } from '../model/companies'
import { currentEntityId, selectCurrentEntity } from '../model/memberships'
import { toDetailTimestamp } from '../timestamps'
import type { RouteModule } from './routeModule'

/**
 * A CarrierWave upload with its versions; an absent file still has the shape,
 * with null URLs. A stored path (the sandbox's own /uploads) becomes an
 * absolute URL on the address the client used.
 */
function upload(stored: string | null, origin: string) {
  const url = stored?.startsWith('/') ? `${origin}${stored}` : stored
  const version = (name: string) => ({ url: url === null ? null : url.replace(/([^/]+)$/, `${name}_$1`) })
  return { url, thumb: version('thumb'), standard: version('standard'), header: version('header') }
}

const idString = (id: number | null) => (id === null ? null : String(id))
const bool = (v: number | null) => (v === null ? null : v !== 0)

/**
 * The company as a *detail* response, which the spec allows to differ from a
 * list response: ids as strings and zone-less timestamps. The client must
 * normalise; giving it this form keeps it honest.
 */
function companyDetail(c: CompanyRow, origin: string) {
  return {
    id: String(c.id),
    name: c.name,
    tin: c.tin,
    currency_id: idString(c.currency_id),
    entity_type_id: idString(c.entity_type_id),
    industry: c.industry,
    web: c.web,
    notes: c.notes,
    vat: c.vat,
    vat_included: bool(c.vat_included),
    logo: upload(c.logo_url, origin),
    logo_2: upload(c.logo_2_url, origin),
    report_logo: upload(c.report_logo_url, origin),
    created_at: toDetailTimestamp(c.created_at),
    updated_at: toDetailTimestamp(c.updated_at),
    distributor: c.distributor,
    costing_method: c.costing_method,
    address: c.address,
    state: c.state,
    city: c.city,
    income_tax: c.income_tax,
    distributor_contract_id: idString(c.distributor_contract_id),
    producer_contract_id: idString(c.producer_contract_id),
    legal_representative_name: c.legal_representative_name,
    legal_representative_identification: c.legal_representative_identification,
    legal_representative_birthday: c.legal_representative_birthday,
    legal_representative_gender: bool(c.legal_representative_gender),
    legal_representative_marital_status: c.legal_representative_marital_status,
    legal_representative_occupation: c.legal_representative_occupation,
    legal_representative_nationality: c.legal_representative_nationality,
    exporter_code: c.exporter_code,
    payee_activity_id: idString(c.payee_activity_id),
    taxpayer_registry: c.taxpayer_registry,
    donation_acceptance_code: c.donation_acceptance_code,
    country_id: idString(c.country_id),
  }
}

/** GET /company.json (the current entity) and PATCH /company.json (switch entity). */
export const companyRoutes: RouteModule = (app, ctx) => {
  app.get('/company.json', async (request, reply) => {
    const user = requestUser(request)
    const entityId = currentEntityId(ctx.store.db, user.id)
    const company = entityId === undefined ? undefined : findCompany(ctx.store.db, entityId)
    if (!company) return sendError(reply, 404, 'The user has no current company (no active membership is selected).')
    return companyDetail(company, `${request.protocol}://${request.host}`)
  })

  app.patch('/company.json', async (request, reply) => {
    const user = requestUser(request)
    const raw = isPlainObject(request.body) ? request.body.selected_entity_id : undefined
    if (raw === undefined || raw === null || raw === '') return sendValidationErrors(reply, { selected_entity_id: ["can't be blank"] })
    const text = String(raw).trim()
    if (!/^\d+$/.test(text)) return sendValidationErrors(reply, { selected_entity_id: ['is not a number'] })
    if (!selectCurrentEntity(ctx.store.db, user.id, Number(text))) {
      return sendValidationErrors(reply, { selected_entity_id: ['is not an entity where you have an active membership'] })
    }
    return {}
  })
}
