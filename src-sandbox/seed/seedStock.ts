import type { Sqlite } from '@base/sqlite'
import { createPrng, type Prng } from '../prng'
import { BatchInsert } from './batchInsert'
import { entitySeeds } from './organisationData'
import { IdSequence } from './idSequence'
import { agenciesFor } from './scaleAgencies'
import type { SeededItem } from './seedCatalogue'
import { stocksEveryAgency, type SeedParams } from './seedParams'

// Absolute dates, not "today": the seed must give the same bytes on any day.
const firstExpiry = Date.UTC(2026, 0, 1)
const expirySpanDays = 5 * 365

function expiryDate(prng: Prng): string {
  return new Date(firstExpiry + prng.int(0, expirySpanDays) * 86_400_000).toISOString().slice(0, 10)
}

function available(prng: Prng, fractional: boolean): number {
  if (prng.chance(0.1)) return 0
  return fractional ? prng.int(1, 2000) / 10 : prng.int(1, 250)
}

/**
 * Lots per item (dated ones for perishable goods, one undated lot otherwise)
 * and stock per lot in the entity's active agencies. Inserted in batches: the
 * million scale writes over a million stock rows.
 */
export function seedStock(db: Sqlite, params: SeedParams, items: readonly SeededItem[]): void {
  const insertLot = new BatchInsert(db, 'lots', ['id', 'entity_id', 'item_id', 'name', 'expires'])
  const insertStock = new BatchInsert(db, 'lot_stocks', ['id', 'entity_id', 'lot_id', 'agency_id', 'available'])

  entitySeeds.forEach((entity, entityIndex) => {
    const prng = createPrng(params.seed, `stock:${entity.id}`)
    const agencies = agenciesFor(params.scale)
      .filter((a) => a.entity_id === entity.id && a.active === 1)
      .map((a) => a.id)
    // Drawn only where not every agency is stocked, so the small and large scales keep their stream.
    const stocked = stocksEveryAgency(params.scale, entityIndex) ? () => true : () => prng.chance(0.7)
    const lotIds = new IdSequence(10_000_000 * (entityIndex + 1) + 1)
    const stockIds = new IdSequence(100_000_000 * (entityIndex + 1) + 1)
    for (const item of items) {
      if (item.entityId !== entity.id) continue
      const lots: { name: string; expires: string | null }[] = []
      if (item.perishable) {
        const expiries = Array.from({ length: prng.int(1, 3) }, () => expiryDate(prng)).sort()
        for (const expires of expiries) {
          lots.push({ name: `L${expires.slice(2, 4)}${expires.slice(5, 7)}-${String(prng.int(0, 9999)).padStart(4, '0')}`, expires })
        }
      } else {
        lots.push({ name: 'GENERAL', expires: null })
      }
      for (const lot of lots) {
        const lotId = lotIds.next()
        insertLot.add([lotId, entity.id, item.id, lot.name, lot.expires])
        for (const agencyId of agencies) {
          if (stocked()) insertStock.add([stockIds.next(), entity.id, lotId, agencyId, available(prng, item.fractional)])
        }
      }
    }
  })
  insertLot.flush()
  insertStock.flush()
}
