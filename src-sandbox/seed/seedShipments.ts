import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { railsDecimalString } from '../model/railsDecimal'
import { createPrng, type Prng } from '../prng'
import { toStoredTimestamp } from '../timestamps'
import { movementIdBase, shipmentIdBase } from './bundleIds'
import { IdSequence } from './idSequence'
import { seedUuid } from './seedUuid'
import { agencySeeds, entitySeeds, membershipSeeds } from './organisationData'
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

/**
 * Past transfers between each entity's agencies, shipped and delivered in
 * 2025. Their lines come partly from bundles (expanded into components, each
 * keeping its bundle_id) and partly from single items. The first bundle of
 * each entity is always among them: bundleFacts names it.
 */
export function seedShipments(db: Sqlite, params: SeedParams): void {
  const shipmentIds = new IdSequence(shipmentIdBase)
  const movementIds = new IdSequence(movementIdBase)
  const insertShipment = db.prepare(
    `INSERT INTO shipments (${shipmentColumns.join(', ')}) VALUES (${shipmentColumns.map(() => '?').join(', ')})`,
  )
  const insertMovement = db.prepare(
    // Delivered whole: what arrived is what was booked.
    `INSERT INTO movements (id, entity_id, shipment_id, item_id, lot_id, booked_quantity, delivered_quantity, bundle_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const firstBundle = db.prepare<[number], number>('SELECT id FROM bundles WHERE entity_id = ? AND zid = 1').pluck()
  const candidates = db
    .prepare<[number, number, number], number>(
      'SELECT id FROM bundles WHERE entity_id = ? AND category_bundle = 0 AND bundle_details_count > 0 AND zid BETWEEN ? AND ? ORDER BY zid',
    )
    .pluck()
  const components = db
    .prepare<[number], [number, string]>('SELECT item_id, quantity FROM bundle_details WHERE bundle_id = ? ORDER BY id')
    .raw()
  const someItems = db.prepare<[number], number>('SELECT id FROM items WHERE entity_id = ? AND active = 1 ORDER BY id LIMIT 300').pluck()
  // "Default the first available lot by expiry date": undated lots last, then the oldest.
  const firstLot = db.prepare('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id LIMIT 1').pluck()

  for (const entity of entitySeeds) {
    const prng = createPrng(params.seed, `shipments:${entity.id}`)
    const agencies = agencySeeds.filter((a) => a.entity_id === entity.id && a.active === 1)
    const users = membershipSeeds.filter((m) => m.entity_id === entity.id && m.active === 1).map((m) => m.user_id)
    const showcase = firstBundle.get(entity.id)
    const bundlePool = candidates.all(entity.id, candidateZids.from, candidateZids.to)
    const itemPool = someItems.all(entity.id)
    if (showcase === undefined || bundlePool.length === 0 || agencies.length < 2) continue

    for (let zid = 1; zid <= pastShipmentsPerEntity; zid++) {
      const bundles = zid === 1 ? [showcase] : Array.from({ length: prng.int(1, 2) }, () => prng.pick(bundlePool))
      const lines: Line[] = []
      for (const bundleId of new Set(bundles)) {
        const times = prng.int(1, 3)
        for (const [itemId, quantity] of components.all(bundleId)) {
          lines.push({ itemId, quantity: railsDecimalString(new Decimal(quantity).times(times)), bundleId })
        }
      }
      for (let i = prng.int(0, 2); i > 0; i--) lines.push({ itemId: prng.pick(itemPool), quantity: `${prng.int(1, 20)}.0`, bundleId: null })

      const from = prng.pick(agencies)
      const to = prng.pick(agencies.filter((a) => a.id !== from.id))
      const person = prng.pick(users)
      const delivery = Date.UTC(2025, 0, 6) + (zid - 1) * 14 * day
      const created = at(delivery - 2 * day, 15, prng)
      const shipped = at(delivery - day, 14, prng)
      const delivered = at(delivery, 16, prng)
      const id = shipmentIds.next()
      const plannedDelivery = new Date(delivery).toISOString().slice(0, 10)
      const values: Record<(typeof shipmentColumns)[number], string | number | null> = {
        id,
        zid,
        entity_id: entity.id,
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
        planned_delivery: plannedDelivery,
        shipped_at: shipped,
        delivered_at: delivered,
        created_at: created,
        updated_at: delivered,
        movements_count: lines.length,
        // Created, shipped, delivered: two updates after the first save.
        lock_version: 2,
      }
      insertShipment.run(shipmentColumns.map((c) => values[c]))
      for (const line of lines) {
        insertMovement.run(
          movementIds.next(),
          entity.id,
          id,
          line.itemId,
          firstLot.get(line.itemId) ?? null,
          line.quantity,
          line.quantity,
          line.bundleId,
          created,
          created,
        )
      }
    }
  }
}
