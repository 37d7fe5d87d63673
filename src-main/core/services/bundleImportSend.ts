import type { ImportOutcome } from '@shared/bundleImport'
import type { BundleInput } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { fetchBundle, importBundles, updateBundle } from '../api/bundlesApi'
import type { RestClient } from '../api/restClient'
import type { CatalogueStore } from '../cache/catalogueStore'
import { bundleDiff, sameBundle } from './bundleDiff'
import { cleanImportFile } from './bundleFiles'
import type { ImportPlan } from './bundleImportPlan'

interface ReadyUpdate {
  bundleId: number
  code: string
  patch: Partial<BundleInput>
}

/**
 * Reads every bundle to update from the service before anything is sent. One changed there since the
 * cache's copy (and not already as the file asks) refuses the whole file: the cache takes the service's
 * copy, so the next preview shows what would change now. One already as the file asks (an import cut
 * short and chosen again) is not sent again.
 */
async function readyUpdates(rest: RestClient, store: CatalogueStore, plan: ImportPlan, tagsKnown: boolean): Promise<ReadyUpdate[]> {
  const ready: ReadyUpdate[] = []
  const changedThere: string[] = []
  for (const update of plan.updates) {
    const cached = store.bundle(update.bundleId)
    store.upsertBundle(await fetchBundle(rest, update.bundleId))
    const now = store.bundle(update.bundleId)
    if (!cached || !now) throw new AppError('not_found', { detail: `bundle ${update.code} is no longer on the service` })
    const { patch, changes, components } = bundleDiff(now, update.target, tagsKnown)
    if (changes.length === 0 && components.length === 0) continue
    if (!sameBundle(cached, now)) changedThere.push(update.code)
    else ready.push({ bundleId: update.bundleId, code: update.code, patch })
  }
  if (changedThere.length > 0)
    throw new AppError('conflict', {
      detail: `changed on the service since the preview: ${changedThere.join(', ')}`,
      fields: { file: changedThere },
    })
  return ready
}

/**
 * All or nothing as far as the service allows: every row was checked offline and every bundle to update
 * read back before the first write. Updates go one request per bundle (the service has no batch update),
 * each kept in the cache as it lands; the new bundles follow as one file, which the service takes whole.
 * A failure stops there and says what was done and what was not: choosing the same file again sends only
 * what is still to change (an update that landed without an answer reads back as done).
 */
export async function sendImport(rest: RestClient, store: CatalogueStore, plan: ImportPlan, tagsKnown: boolean): Promise<ImportOutcome> {
  const ready = await readyUpdates(rest, store, plan, tagsKnown)
  let updated = 0
  for (const [index, update] of ready.entries()) {
    try {
      store.upsertBundle(await updateBundle(rest, update.bundleId, update.patch))
      updated++
    } catch (err) {
      const notSent = ready.length - index - 1 + plan.creates.length
      return { created: 0, updated, stopped: { code: update.code, error: AppError.from(err).toPayload(), notSent } }
    }
  }
  if (plan.creates.length === 0) return { created: 0, updated, stopped: null }
  try {
    await importBundles(rest, await cleanImportFile(plan.creates))
  } catch (err) {
    return { created: 0, updated, stopped: { code: null, error: AppError.from(err).toPayload(), notSent: plan.creates.length } }
  }
  return { created: plan.creates.length, updated, stopped: null }
}
