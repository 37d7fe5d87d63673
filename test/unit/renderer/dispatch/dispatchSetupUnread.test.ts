// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors'
import { said } from '../../../support/renderer/mountInApp'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'

// Dispatch opened while neither the service nor this computer's cache can say the user's agency: it says it could not
// read, never that the user has no agency (a warehouse clerk told that calls the office for nothing).
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const sync = { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 1 }
let setupReadable = false

beforeEach(() => {
  resetApiStandIn()
  setupReadable = false
  request.mockImplementation(async (name: string) => {
    if (name === 'counter.refresh') throw new AppError('network')
    if (name === 'counter.setup') {
      if (!setupReadable) throw new AppError('internal')
      return {
        agency: null,
        destinations: [],
        filteredByCategory: false,
        unavailable: [],
        agencies: [],
        today: '2026-12-01',
        refreshedAt: '2026-12-01T08:00:00Z',
      }
    }
    if (name === 'bookings.list' || name === 'outbox.list' || name === 'bookings.pictures') return []
    if (name === 'sync.status') return sync
    if (name === 'dispatch.ticks') return { entityId: 7, ticks: {} }
    if (name === 'connection.status') return { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null }
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
})

const openDispatch = async () => {
  await mountScreens(
    [{ path: '/dispatch', name: 'dispatch', component: () => import('@renderer/areas/dispatch/views/DispatchView.vue') }],
    '/dispatch',
  )
  await settle(30)
}

describe('Dispatch when the user’s agency cannot be read', { timeout: 20_000 }, () => {
  it('says it could not read, and not that the user has no agency', async () => {
    await openDispatch()
    expect(byTestId('dispatch-no-agency')).toBeNull()
    expect(byTestId('dispatch-setup-unread')?.textContent).toContain(said('dispatch.setupUnread'))
    // Nothing is shown, so the screen does not say the bookings kept here are.
    expect(byTestId('dispatch-offline')).toBeNull()
  })

  it('says the user has no agency when the cache says so', async () => {
    setupReadable = true
    await openDispatch()
    expect(byTestId('dispatch-setup-unread')).toBeNull()
    expect(byTestId('dispatch-no-agency')?.textContent).toContain(said('dispatch.noAgency'))
  })
})
