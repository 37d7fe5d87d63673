import type { CatalogueChangeWriter } from '../cache/catalogueChangeWriter'
import type { CatalogueStaging } from '../cache/catalogueStaging'
import { pullCatalogue, type PullDeps } from './cataloguePull'
import { pullChanges } from './routinePull'

export interface CatalogueSyncDeps extends Omit<PullDeps, 'staging' | 'afresh'> {
  /** The entity's catalogue, as the routine pull reads and changes it and as the full pull stages its next snapshot. */
  catalogue: { changes: CatalogueChangeWriter; staging: CatalogueStaging }
  /** A routine pull first (what changed only); false: a full pull at once (asked for, or a day since the last). */
  routineFirst: boolean
  /** The full pull asked for by the clerk: nothing kept from a try the line cut (cataloguePull.ts). */
  afresh: boolean
  /** The agencies whose stock a routine pull reads (routinePull.ts). */
  stockAgencies: readonly number[]
}

/** One pull of the catalogue: the routine pull, or the full pull when it is asked for or the routine pull cannot do. */
export async function syncCatalogue({ catalogue, routineFirst, afresh, stockAgencies, ...deps }: CatalogueSyncDeps): Promise<void> {
  const routine = routineFirst ? await pullChanges({ ...deps, catalogue: catalogue.changes, stockAgencies }) : 'full'
  if (routine === 'full') await pullCatalogue({ ...deps, afresh, staging: catalogue.staging })
}
