import { defineStore } from 'pinia'
import { request } from '@renderer/api'
import type { RequestOutput } from '@shared/contract'
import type { ProfileChanges } from '@shared/administration'
import type { WhoAmI } from '@shared/domain'
import { usePreferencesStore } from '@renderer/stores/preferences'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import { useCompanyDocuments } from './companyDocuments'
import { useCompanyReads } from './companyReads'
import { useDynamicTables } from './dynamicTables'
import { usePieceworkGroups } from './pieceworkGroups'

/** The GraphQL console's query (also its introspection): the answer as the service gave it, nothing kept here. */
function graphqlQuery(query: string, variables?: Record<string, unknown>): Promise<RequestOutput<'graphql.query'>> {
  return request('graphql.query', { query, variables })
}

/**
 * The administration area's one door to the service: the admin screens read
 * what they show from here and send their commands through here. Each command
 * answers with the record it changed and the store applies it, so no screen
 * re-reads the list after its own change.
 */
export const useAdminStore = defineStore('admin', () => {
  const whoami = useWhoAmIStore()
  const preferences = usePreferencesStore()
  const companyRead = useCompanyReads()

  // The profile's answer is the whole who-am-I, which the shell's store holds.
  async function updateProfile(change: ProfileChanges): Promise<WhoAmI> {
    const next = await request('profile.update', change)
    whoami.data = next
    // The language chosen here is the user's choice: the screen follows it at once.
    if (change.language) await preferences.set({ language: change.language })
    return next
  }

  return {
    ...usePieceworkGroups(companyRead),
    ...useDynamicTables(companyRead),
    ...useCompanyDocuments(companyRead),
    updateProfile,
    graphqlQuery,
  }
})
