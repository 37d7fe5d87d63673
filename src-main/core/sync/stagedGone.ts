import { idsAmong, readIdSet, type IdTable } from '../api/catalogueChanges'
import type { GraphqlClient } from '../api/graphqlClient'
import type { CatalogueStaging } from '../cache/catalogueStaging'

/** Past this share of a table's staged rows gone, the ids are not believed (a role cut short looks like deletions). */
const GONE_SHARE_MOST = 0.5

/**
 * The rows of `table` an earlier try of a full pull staged (ids up to `upTo`) that the service deleted since, dropped
 * before the snapshot goes in: it never shows what the service no longer has, as a routine pull would only find
 * minutes later. Found from the table's ids alone, each one missing asked for by id before it goes (a list cut short
 * looks whole). So many gone that it looks like a read cut short are left to the routine pulls, which ask again.
 */
export async function dropStagedGone(staging: CatalogueStaging, graphql: GraphqlClient, table: IdTable, upTo: number): Promise<void> {
  if (upTo === 0) return
  const present = await readIdSet(graphql, table)
  const staged = staging.stagedIds(table, upTo)
  const missing = staged.filter((id) => !present.has(id))
  if (missing.length === 0) return
  const still = new Set(await idsAmong(graphql, table, missing))
  const gone = missing.filter((id) => !still.has(id))
  if (gone.length > staged.length * GONE_SHARE_MOST) return
  staging.dropStaged(table, gone)
}
