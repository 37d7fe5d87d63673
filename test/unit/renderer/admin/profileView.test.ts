// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import type { WhoAmI } from '@shared/domain'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { mountInApp } from '../../../support/renderer/mountInApp'

// The profile screen against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const ProfileView = (await import('@renderer/areas/admin/views/ProfileView.vue')).default
const { useWhoAmIStore } = await import('@renderer/stores/whoami')

const who = (name: string) =>
  ({
    profile: { id: 1, name, email: 'ana@example.com', language: 'es', timeZone: 'America/Santiago', mobilePhone: null },
    memberships: [],
    currentEntity: { id: 1, name: 'E1' },
    agency: null,
    agencyError: null,
    fromCache: false,
  }) as unknown as WhoAmI

let mounted: VueWrapper | null = null
beforeEach(() => resetApiStandIn())
afterEach(() => {
  mounted?.unmount()
  mounted = null
})
const byTestId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const reads = () => sent.filter((r) => r.name === 'profile.whoami').length

describe('the profile screen', () => {
  it('says a reload failed, with a retry, above the profile read before', async () => {
    mounted = mountInApp(ProfileView, {}).wrapper
    const whoami = useWhoAmIStore()
    whoami.data = who('Ana')
    await nextTick()
    answers.set('profile.whoami', () => {
      throw new AppError('forbidden')
    })
    byTestId('profile-reload')!.click()
    await vi.waitFor(() => expect(byTestId('profile-error')).not.toBeNull())
    expect(byTestId('profile-name')!.textContent).toBe('Ana')

    answers.set('profile.whoami', () => who('Ana María'))
    byTestId('error-retry')!.click()
    await vi.waitFor(() => expect(byTestId('profile-name')!.textContent).toBe('Ana María'))
    expect(reads()).toBe(2)
    expect(byTestId('profile-error')).toBeNull()
  })
})
