import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { gqlData, graphqlToken, rest } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const zoneless = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/
const specFields = [
  'id',
  'name',
  'tin',
  'currency_id',
  'entity_type_id',
  'industry',
  'web',
  'notes',
  'vat',
  'vat_included',
  'logo',
  'logo_2',
  'report_logo',
  'created_at',
  'updated_at',
  'distributor',
  'costing_method',
  'address',
  'state',
  'city',
  'income_tax',
  'distributor_contract_id',
  'producer_contract_id',
  'legal_representative_name',
  'legal_representative_identification',
  'legal_representative_birthday',
  'legal_representative_gender',
  'legal_representative_marital_status',
  'legal_representative_occupation',
  'legal_representative_nationality',
  'exporter_code',
  'payee_activity_id',
  'taxpayer_registry',
  'donation_acceptance_code',
  'country_id',
]

describe('GET /company.json', () => {
  it('is a detail response: every spec field, ids as strings, zone-less timestamps', async () => {
    const res = await rest<Record<string, unknown>>(sandbox, ana(), 'GET', '/company.json')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual([...specFields].sort())
    const c = res.body
    expect(c.id).toBe('101')
    expect(c.name).toBe('Ferretería El Mostrador S.A.')
    for (const key of ['currency_id', 'entity_type_id', 'payee_activity_id', 'country_id']) expect(c[key]).toMatch(/^\d+$/)
    expect(c.created_at).toMatch(zoneless)
    expect(c.updated_at).toMatch(zoneless)
    expect(c.vat).toBeGreaterThan(0)
    expect(c.vat).toBeLessThan(1)
    expect(c.income_tax).toBeGreaterThan(0)
    expect(c.income_tax).toBeLessThan(1)
    expect(typeof c.vat_included).toBe('boolean')
    expect(typeof c.legal_representative_gender).toBe('boolean')
    expect(c.legal_representative_birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const uploads = `${sandbox.url}/uploads/entity`
    expect(c.logo).toEqual({
      url: `${uploads}/logo/101/logo.svg`,
      thumb: { url: `${uploads}/logo/101/thumb_logo.svg` },
      standard: { url: `${uploads}/logo/101/standard_logo.svg` },
      header: { url: `${uploads}/logo/101/header_logo.svg` },
    })
    expect(c.report_logo).toMatchObject({ url: `${uploads}/report_logo/101/report_logo.svg` })
    // Without a file the upload keeps its shape, with null URLs.
    expect(c.logo_2).toEqual({ url: null, thumb: { url: null }, standard: { url: null }, header: { url: null } })
  })

  it('serves the logos to anyone, as a web server serves uploads, in every version', async () => {
    const c = (await rest<Record<string, { url: string; thumb: { url: string } }>>(sandbox, ana(), 'GET', '/company.json')).body
    for (const url of [c.logo!.url, c.logo!.thumb.url, c.report_logo!.url]) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(await res.text()).toMatch(/<svg[\s\S]*>FEM</)
    }
    expect((await fetch(`${sandbox.url}/uploads/entity/logo/102/logo.svg`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/uploads/entity/logo/101/other.svg`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/uploads/entity/logo_2/101/logo.svg`)).status).toBe(404)
  })
})

describe('PATCH /company.json', () => {
  it('switches the current entity, answers {}, and the profile and company follow', async () => {
    const res = await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    const company = await rest<{ id: string; name: string }>(sandbox, ana(), 'GET', '/company.json')
    expect(company.body).toMatchObject({ id: '102', name: 'Distribuidora El Mostrador Ltda.' })
    const profile = await rest<{ memberships: { current: boolean; entity: { id: number } }[] }>(sandbox, ana(), 'GET', '/profile.json')
    expect(profile.body.memberships.filter((m) => m.current).map((m) => m.entity.id)).toEqual([102])
  })

  it('changes what GraphQL returns for a JWT already held', async () => {
    const jwt = await graphqlToken(sandbox, ana())
    const query = '{ agencies(order_by: [{id: asc}]) { id entity_id name } employees(where: {user_id: {_eq: 5001}}) { agency { name } } }'
    type Data = { agencies: { entity_id: number }[]; employees: { agency: { name: string } }[] }
    const before = await gqlData<Data>(sandbox, jwt, query)
    expect(new Set(before.agencies.map((a) => a.entity_id))).toEqual(new Set([101]))
    expect(before.employees).toEqual([{ agency: { name: 'Tienda Zona 1' } }])

    await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })
    const after = await gqlData<Data>(sandbox, jwt, query)
    expect(new Set(after.agencies.map((a) => a.entity_id))).toEqual(new Set([102]))
    expect(after.employees).toEqual([{ agency: { name: 'Centro de Distribución Norte' } }])
  })

  it('refuses an entity where the user has no membership with 422 {selected_entity_id: [...]}', async () => {
    const brian = sandbox.users[1]!
    const res = await rest<Record<string, string[]>>(sandbox, brian, 'PATCH', '/company.json', { selected_entity_id: '102' })
    expect(res.status).toBe(422)
    expect(res.body.selected_entity_id?.[0]).toEqual(expect.any(String))
    const company = await rest<{ id: string }>(sandbox, brian, 'GET', '/company.json')
    expect(company.body.id).toBe('101')
  })

  it('refuses an entity where the membership is inactive', async () => {
    const carlos = sandbox.users[2]!
    const res = await rest<Record<string, string[]>>(sandbox, carlos, 'PATCH', '/company.json', { selected_entity_id: '101' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body)).toEqual(['selected_entity_id'])
  })

  it('refuses a missing or non-numeric id with 422', async () => {
    for (const body of [{}, { selected_entity_id: '' }, { selected_entity_id: 'abc' }]) {
      const res = await rest<Record<string, string[]>>(sandbox, ana(), 'PATCH', '/company.json', body)
      expect(res.status).toBe(422)
      expect(res.body.selected_entity_id).toHaveLength(1)
    }
  })
})
