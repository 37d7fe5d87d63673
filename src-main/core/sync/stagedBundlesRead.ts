import { readChangedBundles } from '../api/catalogueChanges'
import { BATCH_ROWS, BY_ID_CHUNK, readByIds, type PageExtensions } from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { CatalogueStaging } from '../cache/catalogueStaging'
import { changedSince, type newestSeen } from './bundlesSeen'

/**
 * The bundles an earlier try of a full pull staged (ids up to `last`), their `updated_at` given to `seen`; those the
 * service changed since (stamped at or after the newest staged, less the margin a late commit needs, and not as
 * staged) are read again whole and put in place of their staged rows (one deleted since: stagedGone.ts).
 */
export async function restageChangedBundles(
  staging: CatalogueStaging,
  graphql: GraphqlClient,
  seen: ReturnType<typeof newestSeen>,
  last: number,
  extensions: PageExtensions,
  withRestColumns: boolean,
): Promise<void> {
  if (last === 0) return
  staging.stagedBundlesSeen(seen.see)
  // No staged bundle had a time (the service stamps them all): every one stamped since is asked for.
  const since = seen.newest === null ? new Date(0).toISOString() : changedSince(seen.newest)
  const changed: number[] = []
  for await (const page of readChangedBundles(graphql, since)) {
    for (const b of page) if (b.id <= last && !seen.readAsIs(b.id, b.updated_at)) changed.push(b.id)
  }
  // A chunk of ids at a time: an import that changed most of the catalogue between two tries is not held whole.
  for (let chunk = 0; chunk < changed.length; chunk += BY_ID_CHUNK) {
    const rows = await readByIds(graphql, 'bundles', changed.slice(chunk, chunk + BY_ID_CHUNK), extensions)
    for (let at = 0; at < rows.length; at += BATCH_ROWS.bundles) {
      staging.writeBundles(rows.slice(at, at + BATCH_ROWS.bundles), withRestColumns, seen.see)
    }
  }
}
