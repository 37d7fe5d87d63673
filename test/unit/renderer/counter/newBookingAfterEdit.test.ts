// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RouteRecordRaw } from 'vue-router'
import { localBooking } from '../../../support/localBooking'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'
import { counterSetup } from '../../../support/renderer/counterStandIns'

// New booking and a booking's edit are one screen on two routes (areas/counter/routes.ts): the router keeps the
// screen it shows for the other route, so each must still show its own form.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const View = () => import('@renderer/areas/counter/views/NewBookingView.vue')
const routes: RouteRecordRaw[] = [
  { path: '/counter', name: 'newBooking', component: View },
  { path: '/counter/bookings/:id/edit', name: 'bookingEdit', component: View, props: (r) => ({ id: String(r.params.id) }) },
  { path: '/counter/bookings', name: 'bookings', component: { render: () => null } },
]
const reference = () => byTestId('booking-reference')?.querySelector('input') ?? null

beforeEach(() => {
  resetApiStandIn()
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0))
  request.mockImplementation(async (name: string, input?: unknown) => {
    if (name === 'counter.openBooking') return { entityId: 7, open: null }
    if (name === 'catalogue.status') return { pulledAt: '2026-11-28T08:00:00Z', pulling: false }
    if (name === 'counter.setup') return counterSetup
    if (name === 'bookings.get') {
      const { id } = input as { id: string }
      return localBooking(id, { reference: `Pedido ${id}`, state: 'pending' })
    }
    if (name === 'counter.keepOpenBooking') return { savedAt: '2026-11-28T09:00:00Z' }
    if (name === 'bookings.pictures') return []
    if (name === 'profile.whoami') throw new Error('offline')
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

describe('New booking and the edit of a booking', () => {
  it('"Nueva reserva" from an edit shows the new booking, not the booking edited', async () => {
    const { router } = await mountScreens(routes, '/counter/bookings/b9/edit')
    await settle(30)
    expect(reference()?.value).toBe('Pedido b9')

    await router.push('/counter')
    await settle(30)
    expect(reference()?.value).toBe('')
    expect(byTestId('booking-save-draft')).not.toBeNull()
  })

  it('the edit of another booking from an edit shows that other booking', async () => {
    const { router } = await mountScreens(routes, '/counter/bookings/b9/edit')
    await settle(30)
    await router.push('/counter/bookings/b4/edit')
    await settle(30)
    expect(reference()?.value).toBe('Pedido b4')
  })

  it('the booking typed at the counter is still there after editing another', async () => {
    const { router } = await mountScreens(routes, '/counter')
    await settle(30)
    const input = reference()!
    input.value = 'Pedido de la tarde'
    input.dispatchEvent(new Event('input'))
    await settle()

    await router.push('/counter/bookings/b9/edit')
    await settle(30)
    expect(reference()?.value).toBe('Pedido b9')
    await router.push('/counter')
    await settle(30)
    expect(reference()?.value).toBe('Pedido de la tarde')
  })
})
