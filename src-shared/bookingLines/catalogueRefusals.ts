/**
 * What the cached catalogue can tell is wrong with a booking before it is queued: an item, lot, agency
 * or bundle it does not have, an item or bundle withdrawn from sale, a lot of another item. Each is
 * refused at entry with its field named (`lines[1].itemId`, as core/api/serviceFieldNames.ts names the
 * service's refusals) instead of by the service after a sync. A catalogue never pulled knows nothing
 * and refuses nothing; a record created on the service after the last pull is refused until the next.
 */

export interface CatalogueItemFact {
  code: string
  name: string
  active: boolean
}

export interface CatalogueFacts {
  item(id: number): CatalogueItemFact | null
  lot(id: number): { itemId: number; name: string | null } | null
  /** `active` null: the cache does not know whether it is. */
  agency(id: number): { name: string; active: boolean | null } | null
  bundle(id: number): CatalogueItemFact | null
}

export interface CheckedLine {
  itemId: number
  lotId?: number | null
  bundleId?: number | null
}

export interface CheckedBooking {
  agencyFromId?: number
  agencyToId?: number
  lines?: readonly CheckedLine[]
}

const named = (r: { code: string; name: string }) => `${r.code} «${r.name}»`
/** "la agencia 9 …" / "agency 9 …": what the catalogue has no record of. */
const notThere = (es: string, en: string, id: number) =>
  `${es} ${id} no existe en el catálogo / ${en} ${id} must exist (it is not in the catalogue)`
const withdrawn = (what: string) => `${what} está inactivo: no se puede reservar / ${what} is inactive: it cannot be booked`

/**
 * The refusals by field, in both languages the app speaks (the screens show them under "Detalles"); empty
 * when the catalogue finds nothing wrong. `checkLine` leaves out lines that need no check (an edit's
 * lines unchanged since the service took them).
 */
export function catalogueRefusals(
  booking: CheckedBooking,
  facts: CatalogueFacts,
  checkLine: (line: CheckedLine) => boolean = () => true,
): Record<string, string[]> {
  const refusals: Record<string, string[]> = {}
  const refuse = (field: string, text: string) => (refusals[field] ??= []).push(text)
  for (const [field, id] of [
    ['agencyFromId', booking.agencyFromId],
    ['agencyToId', booking.agencyToId],
  ] as const) {
    if (id === undefined) continue
    const agency = facts.agency(id)
    if (!agency) refuse(field, notThere('la agencia', 'agency', id))
    else if (agency.active === false)
      refuse(field, `la agencia ${id} «${agency.name}» está inactiva / agency ${id} «${agency.name}» is inactive`)
  }
  ;(booking.lines ?? []).forEach((line, i) => {
    if (!checkLine(line)) return
    const item = facts.item(line.itemId)
    if (!item) refuse(`lines[${i}].itemId`, notThere('el artículo', 'item', line.itemId))
    else if (!item.active) refuse(`lines[${i}].itemId`, withdrawn(named(item)))
    if (line.lotId !== null && line.lotId !== undefined) {
      const lot = facts.lot(line.lotId)
      if (!lot) refuse(`lines[${i}].lotId`, notThere('el lote', 'lot', line.lotId))
      else if (lot.itemId !== line.itemId) {
        const of = item ? named(item) : String(line.itemId)
        refuse(
          `lines[${i}].lotId`,
          `el lote ${lot.name ?? line.lotId} no es de ${of} / lot ${lot.name ?? line.lotId} is not a lot of ${of}`,
        )
      }
    }
    if (line.bundleId !== null && line.bundleId !== undefined) {
      const bundle = facts.bundle(line.bundleId)
      if (!bundle) refuse(`lines[${i}].bundleId`, notThere('el paquete', 'bundle', line.bundleId))
      else if (!bundle.active) refuse(`lines[${i}].bundleId`, withdrawn(named(bundle)))
    }
  })
  return refusals
}
