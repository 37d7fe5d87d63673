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
    if (!agency) refuse(field, `la agencia ${id} no existe en el catálogo / agency ${id} must exist (it is not in the catalogue)`)
    else if (agency.active === false)
      refuse(field, `la agencia ${id} «${agency.name}» está inactiva / agency ${id} «${agency.name}» is inactive`)
  }
  ;(booking.lines ?? []).forEach((line, i) => {
    if (!checkLine(line)) return
    const item = facts.item(line.itemId)
    if (!item) {
      refuse(
        `lines[${i}].itemId`,
        `el artículo ${line.itemId} no existe en el catálogo / item ${line.itemId} must exist (it is not in the catalogue)`,
      )
    } else if (!item.active) {
      refuse(`lines[${i}].itemId`, `${named(item)} está inactivo: no se puede reservar / is inactive: it cannot be booked`)
    }
    if (line.lotId !== null && line.lotId !== undefined) {
      const lot = facts.lot(line.lotId)
      if (!lot)
        refuse(
          `lines[${i}].lotId`,
          `el lote ${line.lotId} no existe en el catálogo / lot ${line.lotId} must exist (it is not in the catalogue)`,
        )
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
      if (!bundle)
        refuse(
          `lines[${i}].bundleId`,
          `el paquete ${line.bundleId} no existe en el catálogo / bundle ${line.bundleId} must exist (it is not in the catalogue)`,
        )
      else if (!bundle.active) refuse(`lines[${i}].bundleId`, `${named(bundle)} está inactivo / is inactive: it cannot be booked`)
    }
  })
  return refusals
}
