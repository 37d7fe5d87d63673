import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { railsDecimalString } from '../model/railsDecimal'
import { createPrng, type Prng } from '../prng'
import { toStoredTimestamp } from '../timestamps'
import { movementIdBase, shipmentIdBase } from './bundleIds'
import { IdSequence } from './idSequence'
import { seedUuid } from './seedUuid'
import { agencySeeds, entitySeeds, membershipSeeds, type AgencySeed } from './organisationData'
import type { SeedParams } from './seedParams'

/** How many past shipments each entity gets; the same at every scale. */
export const pastShipmentsPerEntity = 12

/** Static bundles picked for past shipments come from the first ones, so both scales agree on them. */
const candidateZids = { from: 4, to: 250 }

const shipmentColumns = [
  'id',
  'zid',
  'entity_id',
  'booker_id',
  'shipper_id',
  'deliverer_id',
  'creator_id',
  'updater_id',
  'agency_from_id',
  'agency_to_id',
  'reference',
  'memo',
  'address_from',
  'address_to',
  'uuid',
  'needs_transport',
  'income',
  'shipped',
  'delivered',
  'voided',
  'returned',
  'pos',
  'issue_external_document',
  'planned_shipping',
  'planned_delivery',
  'shipped_at',
  'delivered_at',
  'created_at',
  'updated_at',
  'movements_count',
  'lock_version',
] as const

interface Line {
  itemId: number
  quantity: string
  bundleId: number | null
}

const day = 86_400_000
const at = (base: number, hours: number, prng: Prng) =>
  toStoredTimestamp(new Date(base + hours * 3_600_000 + prng.int(0, 3_599_999)), prng.int(0, 999))

type ShipmentRow = Record<(typeof shipmentColumns)[number], string | number | null>

/** What one entity's past shipments are drawn from. */
interface EntityPools {
  entityId: number
  /** The entity's first bundle, always in its first shipment. */
  showcase: number
  bundles: number[]
  items: number[]
  agencies: AgencySeed[]
  users: number[]
}

function seedStatements(db: Sqlite) {
  return {
    insertShipment: db.prepare(
      `INSERT INTO shipments (${shipmentColumns.join(', ')}) VALUES (${shipmentColumns.map(() => '?').join(', ')})`,
    ),
    insertMovement: db.prepare(
      // Delivered whole: what arrived is what was booked.
      `INSERT INTO movements (id, entity_id, shipment_id, item_id, lot_id, booked_quantity, delivered_quantity, bundle_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    firstBundle: db.prepare<[number], number>('SELECT id FROM bundles WHERE entity_id = ? AND zid = 1').pluck(),
    candidates: db
      .prepare<[number, number, number], number>(
        'SELECT id FROM bundles WHERE entity_id = ? AND category_bundle = 0 AND bundle_details_count > 0 AND zid BETWEEN ? AND ? ORDER BY zid',
      )
      .pluck(),
    components: db
      .prepare<[number], [number, string]>('SELECT item_id, quantity FROM bundle_details WHERE bundle_id = ? ORDER BY id')
      .raw(),
    someItems: db.prepare<[number], number>('SELECT id FROM items WHERE entity_id = ? AND active = 1 ORDER BY id LIMIT 300').pluck(),
    // "Default the first available lot by expiry date": undated lots last, then the oldest.
    firstLot: db.prepare('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id LIMIT 1').pluck(),
  }
}
type SeedStatements = ReturnType<typeof seedStatements>

/** The entity's pools, or undefined when it has no bundle to ship or fewer than two agencies. */
function poolsOf(statements: SeedStatements, entityId: number): EntityPools | undefined {
  const agencies = agencySeeds.filter((a) => a.entity_id === entityId && a.active === 1)
  const users = membershipSeeds.filter((m) => m.entity_id === entityId && m.active === 1).map((m) => m.user_id)
  const showcase = statements.firstBundle.get(entityId)
  const bundles = statements.candidates.all(entityId, candidateZids.from, candidateZids.to)
  const items = statements.someItems.all(entityId)
  if (showcase === undefined || bundles.length === 0 || agencies.length < 2) return undefined
  return { entityId, showcase, bundles, items, agencies, users }
}

/** A shipment's lines: one or two bundles (the showcase alone in the first), each a few times over, and up to two items. */
function pastShipmentLines(prng: Prng, statements: SeedStatements, pools: EntityPools, zid: number): Line[] {
  const bundles = zid === 1 ? [pools.showcase] : Array.from({ length: prng.int(1, 2) }, () => prng.pick(pools.bundles))
  const lines: Line[] = []
  for (const bundleId of new Set(bundles)) {
    const times = prng.int(1, 3)
    for (const [itemId, quantity] of statements.components.all(bundleId)) {
      lines.push({ itemId, quantity: railsDecimalString(new Decimal(quantity).times(times)), bundleId })
    }
  }
  for (let i = prng.int(0, 2); i > 0; i--) lines.push({ itemId: prng.pick(pools.items), quantity: `${prng.int(1, 20)}.0`, bundleId: null })
  return lines
}

/** The shipment's row: between two of the entity's agencies, delivered two weeks after the one before. */
function pastShipmentRow(prng: Prng, pools: EntityPools, zid: number, id: number, movementsCount: number): ShipmentRow {
  const from = prng.pick(pools.agencies)
  const to = prng.pick(pools.agencies.filter((a) => a.id !== from.id))
  const person = prng.pick(pools.users)
  const delivery = Date.UTC(2025, 0, 6) + (zid - 1) * 14 * day
  const created = at(delivery - 2 * day, 15, prng)
  const shipped = at(delivery - day, 14, prng)
  const delivered = at(delivery, 16, prng)
  return {
    id,
    zid,
    entity_id: pools.entityId,
    booker_id: person,
    shipper_id: person,
    deliverer_id: person,
    creator_id: person,
    updater_id: person,
    agency_from_id: from.id,
    agency_to_id: to.id,
    reference: `Traslado ${String(zid).padStart(3, '0')}`,
    memo: null,
    address_from: from.address,
    address_to: to.address,
    uuid: seedUuid(prng),
    needs_transport: 1,
    income: 0,
    shipped: 1,
    delivered: 1,
    voided: 0,
    returned: 0,
    pos: 0,
    issue_external_document: 0,
    planned_shipping: new Date(delivery - day).toISOString().slice(0, 10),
    planned_delivery: new Date(delivery).toISOString().slice(0, 10),
    shipped_at: shipped,
    delivered_at: delivered,
    created_at: created,
    updated_at: delivered,
    movements_count: movementsCount,
    // Created, shipped, delivered: two updates after the first save.
    lock_version: 2,
  }
}

/**
 * Past transfers between each entity's agencies, shipped and delivered in
 * 2025. Their lines come partly from bundles (expanded into components, each
 * keeping its bundle_id) and partly from single items. The first bundle of
 * each entity is always among them: bundleFacts names it.
 */
export function seedShipments(db: Sqlite, params: SeedParams): void {
  const shipmentIds = new IdSequence(shipmentIdBase)
  const movementIds = new IdSequence(movementIdBase)
  const statements = seedStatements(db)
  for (const entity of entitySeeds) {
    const prng = createPrng(params.seed, `shipments:${entity.id}`)
    const pools = poolsOf(statements, entity.id)
    if (!pools) continue
    for (let zid = 1; zid <= pastShipmentsPerEntity; zid++) {
      const lines = pastShipmentLines(prng, statements, pools, zid)
      const row = pastShipmentRow(prng, pools, zid, shipmentIds.next(), lines.length)
      statements.insertShipment.run(shipmentColumns.map((c) => row[c]))
      for (const line of lines) {
        const lotId = statements.firstLot.get(line.itemId) ?? null
        statements.insertMovement.run(
          movementIds.next(),
          entity.id,
          row.id,
          line.itemId,
          lotId,
          line.quantity,
          line.quantity,
          line.bundleId,
          row.created_at,
          row.created_at,
        )
      }
    }
  }
}
