import type { Sqlite } from '@base/sqlite'
import { seedAdministration } from './seedAdministration'
import { seedBookings } from './seedBookings'
import { seedBundleForms } from './seedBundleForms'
import { seedBundles } from './seedBundles'
import { seedCatalogue } from './seedCatalogue'
import { seedOrganisation } from './seedOrganisation'
import type { SeedParams } from './seedParams'
import { seedPurchasing } from './seedPurchasing'
import { seedShipments } from './seedShipments'
import { seedStock } from './seedStock'
import { seedWithdrawnChoice } from './seedWithdrawnChoice'

export type { SandboxScale, SeedParams } from './seedParams'

/**
 * Fills an empty schema with the demo company. The caller wraps it in one
 * transaction; each area (bundles, bookings, purchasing…) adds its seeder here,
 * after the areas it refers to.
 */
export function seedStore(db: Sqlite, params: SeedParams): void {
  seedOrganisation(db, params)
  const items = seedCatalogue(db, params)
  seedStock(db, params, items)
  seedBundles(db, params)
  seedBundleForms(db)
  seedShipments(db, params)
  seedBookings(db, params)
  seedPurchasing(db, params, items)
  seedAdministration(db)
  seedWithdrawnChoice(db)
}
