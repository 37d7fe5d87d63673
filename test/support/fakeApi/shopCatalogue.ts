import type { FakeService } from './fakeService'

/** The agencies of the shop every service test books in: the user's own, another, and a closed one. */
export const agencies = { central: 10, norte: 11, closed: 12 }
/** Its items: two on sale, one withdrawn; the paint is kept in a lot. */
export const items = { screw: 1, nail: 2, paint: 3 }
export const lots = { paint: 31, screw: 32 }

/**
 * A small hardware shop on the fake service: 20 screws and 5 tins of paint at Central, nothing at
 * Norte, and nails withdrawn from sale. A test changes what its rule needs before the pull.
 */
export function stockShop(service: FakeService): void {
  service.reference.item_categories.push({ id: 1, name: 'Ferretería' })
  service.reference.agencies.push(
    { id: agencies.central, name: 'Central', agency_category_id: 1, active: true },
    { id: agencies.norte, name: 'Norte', agency_category_id: 1, active: true },
    { id: agencies.closed, name: 'Cerrada', agency_category_id: 1, active: false },
  )
  const item = (id: number, code: string, name: string, active = true) =>
    service.items.set(id, { id, code, name, ean13: null, measurement_unit: 'UNIDAD', item_category_id: 1, active })
  item(items.screw, 'TORN-1', 'Tornillo')
  item(items.nail, 'CLAVO-2', 'Clavo', false)
  item(items.paint, 'PINT-3', 'Pintura')
  service.lots.set(lots.paint, { id: lots.paint, item_id: items.paint, name: 'L-31', expires: '2027-01-31' })
  service.lots.set(lots.screw, { id: lots.screw, item_id: items.screw, name: 'L-32', expires: null })
  service.stocks.set(1, { id: 1, lot_id: lots.paint, agency_id: agencies.central, available: 5 })
  service.stocks.set(2, { id: 2, lot_id: lots.screw, agency_id: agencies.central, available: 20 })
}
