import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { railsDecimalString } from '../model/railsDecimal'
import { createPrng } from '../prng'
import {
  chargeTermSeeds,
  currencySeeds,
  orderPlan,
  payeeSeeds,
  seededConsolidate,
  specialInvoiceNumbering,
  type PlannedOrder,
} from './purchasingData'
import { entitySeeds, membershipSeeds } from './organisationData'
import type { SeededItem } from './seedCatalogue'
import type { SeedParams } from './seedParams'
import { seedUuid } from './seedUuid'

const money = (d: Decimal) => railsDecimalString(d.toDecimalPlaces(2))
const stamp = (date: string, time: string) => `${date} ${time}.000000`

/** A date 182 days after a `YYYY-MM-DD` date. */
function halfAYearAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 182)
  return d.toISOString().slice(0, 10)
}

/** Items an order line may name: each entity's perishable and other items, in catalogue order. */
function itemPicker(items: readonly SeededItem[], entityId: number) {
  const own = items.filter((i) => i.entityId === entityId && !i.fractional)
  const perishable = own.filter((i) => i.perishable)
  const other = own.filter((i) => !i.perishable)
  return (key: string): number => {
    const list = key.startsWith('p') ? perishable : other
    const item = list[Number(key.slice(1))]
    if (!item) throw new Error(`seed: no item ${key} in entity ${entityId}`)
    return item.id
  }
}

function userOf(entityId: number): number {
  return membershipSeeds.find((m) => m.entity_id === entityId)!.user_id
}

/**
 * Currencies, suppliers, charge terms, purchasing variables, the planned
 * purchase orders with their lines, the seeded consolidate and the receptions
 * of the orders already (partly) received. Seeded receptions move no stock:
 * the seeded stock already holds what they brought.
 */
export function seedPurchasing(db: Sqlite, params: SeedParams, items: readonly SeededItem[]): void {
  const prng = createPrng(params.seed, 'purchasing')
  for (const c of currencySeeds)
    db.prepare('INSERT INTO currencies (id, code, name, symbol, country) VALUES (?, ?, ?, ?, ?)').run(
      c.id,
      c.code,
      c.name,
      c.symbol,
      c.country,
    )
  for (const p of payeeSeeds) {
    db.prepare(
      'INSERT INTO payees (id, entity_id, name, tin, address, email, phone, currency_id, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)',
    ).run(p.id, p.entity_id, p.name, p.tin, 'Ciudad de Guatemala', `compras${p.id}@proveedor.test`, '+502 2200 0000', p.currency_id)
  }
  for (const t of chargeTermSeeds) {
    db.prepare('INSERT INTO charge_terms (id, entity_id, name, days, force_price_without_taxes) VALUES (?, ?, ?, ?, ?)').run(
      t.id,
      t.entity_id,
      t.name,
      t.days,
      t.force_price_without_taxes,
    )
  }
  for (const e of entitySeeds) {
    const firstItem = items.find((i) => i.entityId === e.id)!
    db.prepare(
      'INSERT INTO purchasing_variables (entity_id, item_for_consolidates, special_invoice_prefix, special_invoice_next) VALUES (?, ?, ?, 1)',
    ).run(e.id, firstItem.id, specialInvoiceNumbering[e.id as 101 | 102])
  }
  const c = seededConsolidate
  db.prepare(
    `INSERT INTO consolidates (id, zid, entity_id, user_id, name, description, special_invoice, created_at, updated_at)
     VALUES (?, 1, ?, ?, ?, ?, 0, ?, ?)`,
  ).run(c.id, c.entityId, userOf(c.entityId), c.name, c.description, stamp('2026-10-03', '15:12:44'), stamp('2026-10-03', '15:12:44'))

  const zids = new Map<number, number>()
  const firstLot = db
    .prepare<[number], number>('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id LIMIT 1')
    .pluck()
  for (const plan of orderPlan) {
    const zid = (zids.get(plan.entityId) ?? 0) + 1
    zids.set(plan.entityId, zid)
    insertOrder(db, plan, zid, seedUuid(prng), itemPicker(items, plan.entityId), (itemId) => firstLot.get(itemId))
  }
}

/** Where a planned order stands, and the stamps that follow from it. */
function orderState(plan: PlannedOrder) {
  const s = plan.state
  const authorized = s !== 'draft'
  const fullyReceived = s === 'received' || s === 'paid'
  const receivedAt =
    fullyReceived || s === 'partlyReceived'
      ? stamp(
          plan.issueDate.replace(/-(\d\d)$/, (_, d: string) => `-${String(Math.min(28, Number(d) + 5)).padStart(2, '0')}`),
          '10:15:00',
        )
      : null
  return {
    authorized,
    fullyReceived,
    paid: s === 'paid',
    voided: s === 'voided',
    created: stamp(plan.issueDate, '14:05:10'),
    authorizedAt: authorized ? stamp(plan.issueDate, '16:30:00') : null,
    receivedAt,
  }
}
type OrderState = ReturnType<typeof orderState>

/** The order's amounts: its lines' subtotal with 12% VAT, nothing due once paid or voided. */
function orderAmounts(plan: PlannedOrder, state: OrderState) {
  const subtotal = plan.lines.reduce((sum, l) => sum.plus(new Decimal(l.quantity).times(l.price)), new Decimal(0))
  const vat = subtotal.times('0.12')
  const total = subtotal.plus(vat)
  return {
    subtotal: money(subtotal),
    discount: '0.0',
    total: money(total),
    due: state.paid || state.voided ? '0.0' : money(total),
    not_included_vat: '0.0',
    income_taxes_withheld: '0.0',
    vat_withheld: '0.0',
    tax1: money(vat),
    tax2: null,
    tax3: null,
    tax4: null,
    shipping: plan.currencyId === 2 ? '150.0' : null,
    other_charges: null,
    exchange_rate: plan.exchangeRate,
  }
}

/** Currency and trade terms: an order in dollars is an import by sea. */
function tradeFields(plan: PlannedOrder) {
  const imported = plan.currencyId === 2
  return {
    incoterm_id: imported ? 3 : null,
    currency_id: plan.currencyId,
    contract_id: null,
    incoterm_destination: imported ? 'Puerto Quetzal' : '',
    origin: imported ? 'Los Ángeles, EE. UU.' : 'Guatemala',
    transport_type: imported ? 'Marítimo' : 'Terrestre',
    forwarder: imported ? 'Transmares' : '',
    shipment_reference: imported ? `BL-${plan.id}` : null,
  }
}

function insertOrderRow(db: Sqlite, plan: PlannedOrder, zid: number, uuid: string, user: number, state: OrderState): void {
  const s = plan.state
  const { authorized, fullyReceived, paid, voided, created, authorizedAt, receivedAt } = state
  const values: Record<string, unknown> = {
    id: plan.id,
    zid,
    entity_id: plan.entityId,
    id_number: authorized ? `OC-${plan.entityId}-${String(zid).padStart(5, '0')}` : null,
    uuid,
    reference: plan.reference,
    memo: s === 'import' ? 'Mercadería en tránsito marítimo; pagar flete al recibir.' : '',
    invoice: fullyReceived ? `FAC-${plan.id}` : '',
    issue_date: plan.issueDate,
    shipping_date: plan.issueDate,
    delivery_date: s === 'draft' ? null : plan.issueDate,
    payment_expected_at: plan.issueDate,
    created_at: created,
    updated_at: receivedAt ?? authorizedAt ?? created,
    authorized_at: authorizedAt,
    received_at: fullyReceived ? receivedAt : null,
    paid_at: paid ? stamp('2026-09-15', '09:00:00') : null,
    voided_at: voided ? stamp('2026-09-01', '08:00:00') : null,
    ...orderAmounts(plan, state),
    authorized: authorized ? 1 : 0,
    received: fullyReceived ? 1 : 0,
    voided: voided ? 1 : 0,
    paid: paid ? 1 : 0,
    import: plan.currencyId === 2 ? 1 : 0,
    taxable: 1,
    exempt: 0,
    small_taxpayer: 0,
    pos: 0,
    charge_term_id: plan.chargeTermId,
    purchaser_id: user,
    payee_id: plan.payeeId,
    receiver_id: receivedAt ? user : null,
    voider_id: voided ? user : null,
    creator_id: user,
    updater_id: user,
    authorizer_id: authorized ? user : null,
    consolidate_id: s === 'consolidated' ? seededConsolidate.id : null,
    agency_id: plan.agencyId,
    ...tradeFields(plan),
    purchase_order_details_count: plan.lines.length,
    discharge_details_count: 0,
    charges_count: 0,
    image_url: null,
    image_reception_url: null,
    pdf_url: authorized ? `/uploads/purchase_orders/${plan.id}/orden.pdf` : null,
    external_image_url: null,
  }
  const columns = Object.keys(values)
  db.prepare(`INSERT INTO purchase_orders (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...(columns.map((k) => values[k]) as (string | number | null)[]),
  )
}

interface ReceivedLine {
  detailId: number
  itemId: number
  quantity: string
}

/** The order's lines; returns those already (partly) received, for the order's reception. */
function insertOrderLines(db: Sqlite, plan: PlannedOrder, created: string, itemFor: (key: string) => number): ReceivedLine[] {
  const receptionLines: ReceivedLine[] = []
  for (const line of plan.lines) {
    const itemId = itemFor(line.item)
    const received = line.received ?? '0.0'
    const detailId = db
      .prepare(
        `INSERT INTO purchase_order_details (entity_id, purchase_order_id, item_id, quantity, received_quantity, price, total, expire_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        plan.entityId,
        plan.id,
        itemId,
        line.quantity,
        received,
        line.price,
        money(new Decimal(line.quantity).times(line.price)),
        // Perishable goods carry the expiry they are bought with: half a year after the order.
        line.item.startsWith('p') ? halfAYearAfter(plan.issueDate) : null,
        created,
        created,
      ).lastInsertRowid as number
    if (new Decimal(received).gt(0)) receptionLines.push({ detailId, itemId, quantity: received })
  }
  return receptionLines
}

/** The one reception of an order already (partly) received, its lines in each item's first lot. */
function insertReception(
  db: Sqlite,
  plan: PlannedOrder,
  user: number,
  received: { at: string; fully: boolean },
  receptionLines: ReceivedLine[],
  lotOf: (itemId: number) => number | undefined,
): void {
  const receivedAt = received.at
  const receptionId = db
    .prepare(
      `INSERT INTO receptions (entity_id, purchase_order_id, invoice_number, receiver_id, received, received_at, voided, memo, agency_id, needs_transit, exchange_rate, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, NULL, ?, 0, ?, ?, ?)`,
    )
    .run(
      plan.entityId,
      plan.id,
      `FAC-${plan.id}`,
      user,
      received.fully ? 1 : 0,
      receivedAt,
      plan.agencyId,
      plan.exchangeRate,
      receivedAt,
      receivedAt,
    ).lastInsertRowid as number
  for (const l of receptionLines) {
    db.prepare(
      `INSERT INTO reception_details (entity_id, reception_id, item_id, purchase_order_detail_id, quantity, lot_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(plan.entityId, receptionId, l.itemId, l.detailId, l.quantity, lotOf(l.itemId) ?? null, receivedAt, receivedAt)
  }
}

function insertOrder(
  db: Sqlite,
  plan: PlannedOrder,
  zid: number,
  uuid: string,
  itemFor: (key: string) => number,
  lotOf: (itemId: number) => number | undefined,
): void {
  const user = userOf(plan.entityId)
  const state = orderState(plan)
  insertOrderRow(db, plan, zid, uuid, user, state)
  const receptionLines = insertOrderLines(db, plan, state.created, itemFor)
  const { receivedAt } = state
  if (receptionLines.length === 0 || !receivedAt) return
  insertReception(db, plan, user, { at: receivedAt, fully: state.fullyReceived }, receptionLines, lotOf)
}
