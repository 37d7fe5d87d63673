/**
 * The demo company's purchasing: currencies, suppliers, charge terms and a
 * plan of purchase orders covering every state a purchasing clerk meets
 * (authorised, import in dollars, partly received, received and unpaid, paid,
 * consolidated, draft, voided). Fixed figures, not drawn from the seed's
 * stream, so the facts tests rely on hold at every seed.
 */
export const currencySeeds = [
  { id: 1, code: 'GTQ', name: 'Quetzal', symbol: 'Q', country: 'Guatemala' },
  { id: 2, code: 'USD', name: 'Dólar estadounidense', symbol: 'US$', country: 'Estados Unidos' },
  // Shared by many countries: none named.
  { id: 3, code: 'EUR', name: 'Euro', symbol: '€', country: null },
] as const

export const payeeSeeds = [
  { id: 6001, entity_id: 101, name: 'Cementos del Norte S.A.', tin: '1234567-8', currency_id: 1 },
  { id: 6002, entity_id: 101, name: 'Importadora Pacífico Ltd.', tin: '7788990-1', currency_id: 2 },
  { id: 6003, entity_id: 101, name: 'Agroinsumos La Cosecha', tin: '4455667-2', currency_id: 1 },
  { id: 6004, entity_id: 101, name: 'Herrajes y Tornillos Centroamérica', tin: '9911223-4', currency_id: 1 },
  { id: 6101, entity_id: 102, name: 'Lácteos Montaña Verde', tin: '3322114-5', currency_id: 1 },
  { id: 6102, entity_id: 102, name: 'Global Foods Trading Inc.', tin: '5566778-9', currency_id: 2 },
] as const

export const chargeTermSeeds = [
  { id: 6501, entity_id: 101, name: 'Contado', days: 0, force_price_without_taxes: 0 },
  { id: 6502, entity_id: 101, name: 'Crédito 30 días', days: 30, force_price_without_taxes: 0 },
  { id: 6503, entity_id: 101, name: 'Factura especial', days: 0, force_price_without_taxes: 1 },
  { id: 6511, entity_id: 102, name: 'Contado', days: 0, force_price_without_taxes: 0 },
  { id: 6512, entity_id: 102, name: 'Factura especial', days: 0, force_price_without_taxes: 1 },
] as const

export type OrderState = 'authorized' | 'import' | 'partlyReceived' | 'received' | 'paid' | 'consolidated' | 'draft' | 'voided'

export interface PlannedLine {
  /** Which item: a non-perishable (n) or perishable (p) item of the entity, by position. */
  item: `n${number}` | `p${number}`
  quantity: string
  price: string
  /** Already received by the seeded receptions. */
  received?: string
}

export interface PlannedOrder {
  id: number
  entityId: number
  state: OrderState
  payeeId: number
  currencyId: number
  exchangeRate: number | null
  chargeTermId: number
  agencyId: number
  issueDate: string
  reference: string
  lines: readonly PlannedLine[]
}

const o = (
  id: number,
  entityId: number,
  state: OrderState,
  payeeId: number,
  issueDate: string,
  reference: string,
  lines: PlannedLine[],
  dollars = false,
): PlannedOrder => ({
  id,
  entityId,
  state,
  payeeId,
  currencyId: dollars ? 2 : 1,
  exchangeRate: dollars ? 7.75 : null,
  chargeTermId: entityId === 101 ? 6502 : 6511,
  agencyId: entityId === 101 ? 301 : 306,
  issueDate,
  reference,
  lines,
})

export const orderPlan: readonly PlannedOrder[] = [
  o(7001, 101, 'authorized', 6001, '2026-10-05', 'COT-2026-118', [
    { item: 'n0', quantity: '10.0', price: '25.5' },
    { item: 'n1', quantity: '4.0', price: '112.0' },
  ]),
  o(7002, 101, 'import', 6002, '2026-10-08', 'PI-88231', [{ item: 'n2', quantity: '100.0', price: '3.25' }], true),
  o(7003, 101, 'authorized', 6003, '2026-10-12', 'PED-5531', [
    { item: 'p0', quantity: '12.0', price: '18.9' },
    { item: 'n0', quantity: '6.0', price: '25.5' },
  ]),
  o(7004, 101, 'partlyReceived', 6004, '2026-09-20', 'PED-5480', [
    { item: 'n1', quantity: '20.0', price: '110.0', received: '8.0' },
    { item: 'n2', quantity: '5.0', price: '3.4', received: '0.0' },
  ]),
  o(7005, 101, 'received', 6001, '2026-09-02', 'COT-2026-097', [{ item: 'n0', quantity: '3.0', price: '26.0', received: '3.0' }]),
  o(7006, 101, 'received', 6002, '2026-09-10', 'PI-88102', [{ item: 'n1', quantity: '2.0', price: '14.0', received: '2.0' }], true),
  o(7007, 101, 'paid', 6004, '2026-08-14', 'PED-5302', [{ item: 'n2', quantity: '50.0', price: '3.3', received: '50.0' }]),
  o(7008, 101, 'consolidated', 6002, '2026-10-01', 'PI-88190', [{ item: 'n0', quantity: '40.0', price: '3.1' }], true),
  o(7009, 101, 'consolidated', 6002, '2026-10-02', 'PI-88194', [{ item: 'n1', quantity: '15.0', price: '9.8' }], true),
  o(7010, 101, 'draft', 6003, '2026-11-02', 'PED-5590', [{ item: 'p1', quantity: '30.0', price: '7.25' }]),
  o(7011, 101, 'voided', 6001, '2026-08-30', 'COT-2026-090', [{ item: 'n0', quantity: '1.0', price: '25.5' }]),
  o(7101, 102, 'authorized', 6101, '2026-10-15', 'LMV-2210', [{ item: 'p0', quantity: '24.0', price: '11.5' }]),
  o(7102, 102, 'received', 6101, '2026-09-18', 'LMV-2188', [{ item: 'p0', quantity: '10.0', price: '11.5', received: '10.0' }]),
  o(7103, 102, 'import', 6102, '2026-10-20', 'GFT-0931', [{ item: 'p1', quantity: '60.0', price: '2.4' }], true),
]

/** The consolidate the seeded 'consolidated' orders belong to. */
export const seededConsolidate = {
  id: 8001,
  entityId: 101,
  name: 'Contenedor Pacífico octubre',
  description: 'Órdenes de Importadora Pacífico que llegan en el mismo contenedor.',
  orders: [7008, 7009],
}

/** Prefix and first number of each entity's automatic special-invoice numbering. */
export const specialInvoiceNumbering = { 101: 'FESP-101-', 102: 'FESP-102-' } as const
