import { request } from '../api'
import type { RequestInput } from '@shared/contract'
import type { ImportOutcome } from '@shared/bundleImport'
import type { BundleDetail, FileData } from '@shared/catalogue'

/** Reading a bundle and the commands on bundles; each change tells `rowsChanged`, so the list reads its page again. */
export function useBundleCommands(rowsChanged: () => void) {
  const getBundle = (id: number, online: boolean) => request('bundles.get', { id, online })
  async function createBundle(input: RequestInput<'bundles.create'>): Promise<BundleDetail> {
    const created = await request('bundles.create', input)
    rowsChanged()
    return created
  }
  async function updateBundle(id: number, changes: RequestInput<'bundles.update'>['changes']): Promise<BundleDetail> {
    const updated = await request('bundles.update', { id, changes })
    rowsChanged()
    return updated
  }
  async function deleteBundle(id: number): Promise<void> {
    await request('bundles.delete', { id })
    rowsChanged()
  }
  const importPreview = (file: FileData) => request('bundles.importPreview', file)
  async function importBundles(file: FileData): Promise<ImportOutcome> {
    const result = await request('bundles.import', file)
    // Updates are in the cache already; new bundles come with the pull the core started (the list follows it).
    rowsChanged()
    return result
  }

  return { getBundle, createBundle, updateBundle, deleteBundle, importPreview, importBundles }
}
