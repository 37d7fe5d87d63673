// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors'
import { localBooking } from '../../../support/localBooking'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'
import { counterSetup } from '../../../support/renderer/counterStandIns'
import { findBinding, keyGroups, type KeyPress } from '@renderer/composables/useKeys'

// A row's command takes a moment (the core writes the outbox): a second click meanwhile must not send it again.
// The search's keys (`/`, Ctrl+F) are the screen's keys as any other: listed in the help, asleep under a dialog.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const sync = { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 1 }
const draft = localBooking('b1', { state: 'draft' })

beforeEach(() => {
  resetApiStandIn()
  request.mockImplementation(async (name: string) => {
    if (name === 'bookings.pictures') return []
    if (name === 'counter.setup') return counterSetup
    if (name === 'bookings.list') return [draft]
    if (name === 'outbox.list') return []
    if (name === 'sync.status') return sync
    if (name === 'counter.refresh') throw new AppError('network')
    if (name === 'bookings.submit') {
      await new Promise((r) => setTimeout(r, 20))
      const sent = { ...draft, state: 'pending' as const }
      return {
        booking: sent,
        changes: { bookings: [sent], removed: [], entries: [], full: false, sync: { ...sync, waiting: 1, version: 2 } },
      }
    }
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
})

const openList = () =>
  mountScreens(
    [
      { path: '/counter/bookings', name: 'bookings', component: () => import('@renderer/areas/counter/views/BookingsView.vue') },
      { path: '/counter', name: 'newBooking', component: { render: () => null } },
      { path: '/counter/bookings/:id/edit', name: 'bookingEdit', component: { render: () => null } },
    ],
    '/counter/bookings',
  )

describe('the bookings list', () => {
  it('sends a draft once when its "Enviar" is clicked twice, the button busy meanwhile', async () => {
    await openList()
    await settle(20)
    const button = byTestId('booking-submit')!
    button.click()
    await settle(1)
    expect(button.hasAttribute('disabled')).toBe(true)
    button.click()
    await settle(20)
    expect(request.mock.calls.filter((c) => c[0] === 'bookings.submit')).toHaveLength(1)
    expect(byTestId('booking-submit')).toBeNull()
    expect(byTestId('booking-ship')).not.toBeNull()
  })

  it('declares `/` and Ctrl+F, which go to the search, and leave a dialog above the list alone', async () => {
    await openList()
    await settle(20)
    const press = (key: string, ctrlKey = false): KeyPress => ({ key, code: key, ctrlKey, metaKey: false, altKey: false, shiftKey: false })
    for (const key of [press('/'), press('f', true)]) {
      const binding = findBinding(keyGroups, key, { typing: false, dialog: false })
      expect(binding).toBeDefined()
      void binding!.run(new KeyboardEvent('keydown'))
      expect(document.activeElement).toBe(byTestId('bookings-search')?.querySelector('input'))
      ;(document.activeElement as HTMLElement).blur()
      expect(findBinding(keyGroups, key, { typing: false, dialog: true })).toBeUndefined()
    }
  })
})
