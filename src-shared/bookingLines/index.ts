/**
 * The rules of a booking's lines, once for the counter screen, the CLI and the core: quantities summed
 * as decimals, a repeated scan merged into its line, the default lot (FEFO), a static bundle expanded into
 * its components, the over-stock warning against availability net of unsent bookings, and what the cached
 * catalogue refuses at entry.
 */
export { addQuantities, normalQuantity, quantityOf } from './quantities'
export { mergeTarget, type MergeableLine } from './mergeScan'
export { defaultLot } from './defaultLot'
export { bundleRefusal, expandBundle, type BundlePart, type BundleRefusal } from './bundleExpansion'
export {
  countsAgainstStock,
  netAvailable,
  lotStockWarnings,
  ownUnsent,
  ownUnsentByLot,
  stockWarnings,
  type StockWarning,
} from './stockWarnings'
export { catalogueRefusals, type CatalogueFacts, type CatalogueItemFact, type CheckedBooking, type CheckedLine } from './catalogueRefusals'
