/**
 * The demo company's fixed people and places. Ids start at a different base
 * per table so that an id used in the wrong place (an agency id where an item
 * id belongs) finds nothing instead of the wrong record.
 */

export interface EntitySeed {
  id: number
  name: string
  tin: string
  currency_id: number
  entity_type_id: number
  industry: string
  web: string
  notes: string
  vat: number
  vat_included: number
  /** A path the sandbox serves itself (see routes/uploads.ts); the company answer makes it absolute. */
  logo_url: string | null
  report_logo_url: string | null
  distributor: number
  costing_method: string
  address: string
  state: string
  city: string
  income_tax: number
  legal_representative_name: string
  legal_representative_identification: string
  legal_representative_birthday: string
  legal_representative_gender: number
  legal_representative_marital_status: string
  legal_representative_occupation: string
  legal_representative_nationality: string
  exporter_code: string | null
  payee_activity_id: number
  taxpayer_registry: string
  country_id: number
  created_at: string
  updated_at: string
}

export const entitySeeds: readonly EntitySeed[] = [
  {
    id: 101,
    name: 'Ferretería El Mostrador S.A.',
    tin: '4829173-5',
    currency_id: 1,
    entity_type_id: 2,
    industry: 'Ferretería y materiales de construcción',
    web: 'https://ferreteria.mostrador.test',
    notes: 'Empresa de demostración del modo de práctica. Los datos son ficticios.',
    vat: 0.12,
    vat_included: 1,
    logo_url: '/uploads/entity/logo/101/logo.svg',
    report_logo_url: '/uploads/entity/report_logo/101/report_logo.svg',
    distributor: 0,
    costing_method: 'average',
    address: '6a Avenida 12-34, Zona 1',
    state: 'Guatemala',
    city: 'Ciudad de Guatemala',
    income_tax: 0.05,
    legal_representative_name: 'María Fernanda Castillo Ruiz',
    legal_representative_identification: '2456 78901 0101',
    legal_representative_birthday: '1979-04-12',
    legal_representative_gender: 0,
    legal_representative_marital_status: 'casada',
    legal_representative_occupation: 'Administradora de empresas',
    legal_representative_nationality: 'guatemalteca',
    exporter_code: null,
    payee_activity_id: 4752,
    taxpayer_registry: 'Contribuyente general',
    country_id: 90,
    created_at: '2019-03-04 15:22:10.482913',
    updated_at: '2024-11-18 09:41:27.105338',
  },
  {
    id: 102,
    name: 'Distribuidora El Mostrador Ltda.',
    tin: '9031846-2',
    currency_id: 1,
    entity_type_id: 3,
    industry: 'Distribución de consumo masivo',
    web: 'https://distribuidora.mostrador.test',
    notes: 'Segunda empresa del grupo de demostración.',
    vat: 0.12,
    vat_included: 0,
    logo_url: null,
    report_logo_url: null,
    distributor: 1,
    costing_method: 'fifo',
    address: 'Km 14.5 Carretera a El Salvador, Bodega 7',
    state: 'Guatemala',
    city: 'Santa Catarina Pinula',
    income_tax: 0.07,
    legal_representative_name: 'Jorge Luis Barrios Ochoa',
    legal_representative_identification: '1987 65432 0108',
    legal_representative_birthday: '1983-09-30',
    legal_representative_gender: 1,
    legal_representative_marital_status: 'soltero',
    legal_representative_occupation: 'Ingeniero industrial',
    legal_representative_nationality: 'guatemalteco',
    exporter_code: 'EXP-GT-20417',
    payee_activity_id: 4630,
    taxpayer_registry: 'Pequeño contribuyente',
    country_id: 90,
    created_at: '2021-07-19 13:05:44.918271',
    updated_at: '2025-01-08 16:12:03.774102',
  },
]

export interface AgencyCategorySeed {
  id: number
  entity_id: number
  name: string
}

export const agencyCategorySeeds: readonly AgencyCategorySeed[] = [
  { id: 31, entity_id: 101, name: 'Bodega' },
  { id: 32, entity_id: 101, name: 'Tienda' },
  { id: 33, entity_id: 102, name: 'Centro de distribución' },
  { id: 34, entity_id: 102, name: 'Ruta de venta' },
]

export interface AgencySeed {
  id: number
  entity_id: number
  agency_category_id: number
  name: string
  address: string
  active: number
}

export const agencySeeds: readonly AgencySeed[] = [
  { id: 301, entity_id: 101, agency_category_id: 31, name: 'Bodega Central', address: 'Calzada Roosevelt 22-43, Zona 11', active: 1 },
  { id: 302, entity_id: 101, agency_category_id: 32, name: 'Tienda Zona 1', address: '6a Avenida 12-34, Zona 1', active: 1 },
  { id: 303, entity_id: 101, agency_category_id: 32, name: 'Tienda Mixco', address: 'Boulevard El Naranjo 5-10, Mixco', active: 1 },
  { id: 304, entity_id: 101, agency_category_id: 32, name: 'Tienda Villa Nueva', address: '4a Calle 3-15, Villa Nueva', active: 1 },
  {
    id: 305,
    entity_id: 101,
    agency_category_id: 32,
    name: 'Tienda Zona 18 (cerrada)',
    address: 'Avenida La Pedrera 18-02, Zona 18',
    active: 0,
  },
  {
    id: 306,
    entity_id: 102,
    agency_category_id: 33,
    name: 'Centro de Distribución Norte',
    address: 'Km 8 Carretera al Atlántico',
    active: 1,
  },
  {
    id: 307,
    entity_id: 102,
    agency_category_id: 33,
    name: 'Centro de Distribución Sur',
    address: 'Km 14.5 Carretera a El Salvador',
    active: 1,
  },
  {
    id: 308,
    entity_id: 102,
    agency_category_id: 34,
    name: 'Ruta Quetzaltenango',
    address: '14 Avenida 3-21, Zona 3, Quetzaltenango',
    active: 1,
  },
  { id: 309, entity_id: 102, agency_category_id: 34, name: 'Ruta Escuintla', address: '2a Calle 6-40, Escuintla', active: 1 },
]

export interface UserSeed {
  id: number
  email: string
  token: string
  name: string
  mobile_phone: string | null
  language: 'es' | 'en'
  time_zone: string
}

/** The first user is the one training mode signs in as. */
export const userSeeds: readonly UserSeed[] = [
  {
    id: 5001,
    email: 'ana.lopez@mostrador.test',
    token: 'mostrador-demo-ana-5001',
    name: 'Ana López',
    mobile_phone: '+502 5555 0101',
    language: 'es',
    time_zone: 'Central America',
  },
  {
    id: 5002,
    email: 'brian.carter@mostrador.test',
    token: 'mostrador-demo-brian-5002',
    name: 'Brian Carter',
    mobile_phone: null,
    language: 'en',
    time_zone: 'America/New_York',
  },
  {
    id: 5003,
    email: 'carlos.mendez@mostrador.test',
    token: 'mostrador-demo-carlos-5003',
    name: 'Carlos Méndez',
    mobile_phone: '+502 5555 0303',
    language: 'es',
    time_zone: 'America/Guatemala',
  },
]

export const userTimestamps = { created_at: '2023-02-01 14:00:00.000000', updated_at: '2024-10-02 18:30:12.250000' }

export interface MembershipSeed {
  id: number
  user_id: number
  entity_id: number
  current: number
  active: number
}

export const membershipSeeds: readonly MembershipSeed[] = [
  { id: 7001, user_id: 5001, entity_id: 101, current: 1, active: 1 },
  { id: 7002, user_id: 5001, entity_id: 102, current: 0, active: 1 },
  { id: 7003, user_id: 5002, entity_id: 101, current: 1, active: 1 },
  { id: 7004, user_id: 5003, entity_id: 102, current: 1, active: 1 },
  // An inactive membership: switching to it must be refused.
  { id: 7005, user_id: 5003, entity_id: 101, current: 0, active: 0 },
]

export interface EmployeeSeed {
  id: number
  entity_id: number
  user_id: number | null
  agency_id: number
  name: string
}

export const employeeSeeds: readonly EmployeeSeed[] = [
  { id: 9001, entity_id: 101, user_id: 5001, agency_id: 302, name: 'Ana López' },
  { id: 9002, entity_id: 102, user_id: 5001, agency_id: 306, name: 'Ana López' },
  { id: 9003, entity_id: 101, user_id: 5002, agency_id: 301, name: 'Brian Carter' },
  { id: 9004, entity_id: 102, user_id: 5003, agency_id: 308, name: 'Carlos Méndez' },
  { id: 9005, entity_id: 101, user_id: null, agency_id: 303, name: 'Lucía Morales' },
  { id: 9006, entity_id: 101, user_id: null, agency_id: 304, name: 'Pedro Xicará' },
  { id: 9007, entity_id: 102, user_id: null, agency_id: 307, name: 'Rosa Quiñónez' },
  { id: 9008, entity_id: 102, user_id: null, agency_id: 309, name: 'Esteban Coyoy' },
]
