// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors'
import { said } from '../../../support/renderer/mountInApp'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'

// The Sync centre says "nothing pending" only when it knows: what waits on this computer was read, and was nothing.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const sync = { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 1 }
/** What the stood-in core cannot read at the moment (a damaged page of the cache, the core busy). */
const unreadable = new Set<string>()

beforeEach(() => {
  resetApiStandIn()
  unreadable.clear()
  request.mockImplementation(async (name: string) => {
    if (unreadable.has(name)) throw new AppError('internal')
    if (name === 'bookings.list' || name === 'outbox.list' || name === 'bookings.pictures') return []
    if (name === 'sync.status') return sync
    if (name === 'counter.setup') throw new AppError('internal')
    if (name === 'connection.status') return { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null }
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
})

const openSyncCentre = () =>
  mountScreens(
    [
      { path: '/counter/sync', name: 'syncCentre', component: () => import('@renderer/areas/counter/views/SyncCentreView.vue') },
      { path: '/counter/bookings/:id/edit', name: 'bookingEdit', component: { render: () => null } },
    ],
    '/counter/sync',
  )
const text = () => document.body.textContent ?? ''

describe('the Sync centre when what waits cannot be read', () => {
  it('says the read failed, with a retry, and never "nothing pending"; after a retry that reads it, says it', async () => {
    for (const name of ['bookings.list', 'outbox.list', 'sync.status']) unreadable.add(name)
    await openSyncCentre()
    await settle(20)
    expect(byTestId('sync-empty')).toBeNull()
    expect(text()).toContain(said('syncCentre.loadFailed'))

    unreadable.clear()
    byTestId('sync-load-error')!.querySelector<HTMLElement>('[data-testid="error-retry"]')!.click()
    await settle(20)
    expect(byTestId('sync-load-error')).toBeNull()
    expect(byTestId('sync-empty')?.textContent).toContain(said('syncCentre.allClear'))
  })

  it('does not say "nothing pending" while the pictures waiting to be sent could not be read', async () => {
    unreadable.add('bookings.pictures')
    await openSyncCentre()
    await settle(20)
    expect(byTestId('sync-empty')).toBeNull()
    expect(byTestId('sync-pictures')).not.toBeNull()
  })

  it('says "nothing pending" once both were read and nothing waits', async () => {
    await openSyncCentre()
    await settle(20)
    expect(byTestId('sync-empty')?.textContent).toContain(said('syncCentre.allClear'))
  })
})
