import { ref } from 'vue'
import { request } from '@renderer/api'
import type { PieceworkTypeGroup, PieceworkTypeGroupInput } from '@shared/administration'
import type { CompanyRead } from './companyReads'
import { upsert, without } from './recordList'

/** The piecework type groups, and saving or deleting one (its answer applied to the list). */
export function usePieceworkGroups(companyRead: CompanyRead) {
  const groups = ref<PieceworkTypeGroup[]>([])
  const groupsLoader = companyRead(
    () => request('pieceworkGroups.list'),
    (list) => (groups.value = list),
    () => (groups.value = []),
  )

  async function saveGroup(id: number | null, input: PieceworkTypeGroupInput): Promise<PieceworkTypeGroup> {
    const saved =
      id === null ? await request('pieceworkGroups.create', input) : await request('pieceworkGroups.update', { id, changes: input })
    groups.value = upsert(groups.value, saved)
    return saved
  }
  async function deleteGroup(id: number): Promise<void> {
    await request('pieceworkGroups.delete', { id })
    groups.value = without(groups.value, id)
  }

  return { groups, groupsLoader, saveGroup, deleteGroup }
}
