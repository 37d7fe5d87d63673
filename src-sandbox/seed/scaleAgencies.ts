import { agencySeeds, entitySeeds, type AgencySeed } from './organisationData'
import { addedAgencyCountFor, type SandboxScale } from './seedParams'

/** Added agencies take ids after the fixed ones (301–309) and before item categories (401…). */
const addedAgencyIdBase = 310

/**
 * The agencies a scale seeds: the fixed ones, and at the million scale 46 more shops of the first entity, for the
 * stock benchmark. The other seeders (bookings, shipments) keep to the fixed ones, so their rows are the same at every
 * scale.
 */
export function agenciesFor(scale: SandboxScale): readonly AgencySeed[] {
  const added: AgencySeed[] = []
  entitySeeds.forEach((entity, entityIndex) => {
    for (let k = 0; k < addedAgencyCountFor(scale, entityIndex); k++) {
      added.push({
        id: addedAgencyIdBase + added.length,
        entity_id: entity.id,
        agency_category_id: 32,
        name: `Tienda ${String(k + 1).padStart(2, '0')}`,
        address: `Local ${k + 1}, Centro Comercial Miraflores`,
        active: 1,
      })
    }
  })
  return [...agencySeeds, ...added]
}
