// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '@shared/bookings'
import { said } from '../../../support/renderer/mountInApp'
import { localBooking } from '../../../support/localBooking'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'

// Giving up a change in the Sync centre gives up the booking's later ones too (the core drops them with it): a ship and
// a delivery counted after a refused edit go with it. The clerk is told which, and asked, before any of them goes.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const sync = { waiting: 2, failed: 0, conflicts: 1, pushing: false, signInNeeded: false, version: 1 }
const entry = (seq: number, localId: string, op: OutboxEntry['op'], state: OutboxEntry['state']): OutboxEntry => ({
  seq,
  localId,
  serviceId: 700,
  origin: 'here',
  op,
  state,
  attempts: state === 'queued' ? 0 : 1,
  lastError: null,
  createdAt: `2026-12-01T10:0${seq}:00Z`,
})
const outbox = [
  entry(5, 'b1', 'update', 'conflict'),
  entry(6, 'b1', 'ship', 'queued'),
  entry(7, 'b1', 'deliver', 'queued'),
  // Another booking's ship stays whatever happens to b1's changes.
  entry(8, 'b2', 'void', 'queued'),
]
const unchanged = { bookings: [], removed: [], entries: [], sync, full: false }

beforeEach(() => {
  resetApiStandIn()
  request.mockImplementation(async (name: string) => {
    if (name === 'bookings.list')
      return [localBooking('b1', { serviceId: 700, pending: 3 }), localBooking('b2', { serviceId: 701, pending: 1 })]
    if (name === 'outbox.list') return outbox
    if (name === 'bookings.pictures') return []
    if (name === 'sync.status') return sync
    if (name === 'counter.setup') return null
    if (name === 'connection.status') return { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null }
    if (name === 'outbox.keepTheirs' || name === 'outbox.discard') return unchanged
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
})

async function openSyncCentre(): Promise<void> {
  await mountScreens(
    [
      { path: '/counter/sync', name: 'syncCentre', component: () => import('@renderer/areas/counter/views/SyncCentreView.vue') },
      { path: '/counter/bookings/:id/edit', name: 'bookingEdit', component: { render: () => null } },
    ],
    '/counter/sync',
  )
  await settle(20)
}
const sent = (name: string) => request.mock.calls.filter(([n]) => n === name)
const going = (dialog: string) =>
  [...(byTestId(`${dialog}-dialog`)?.querySelectorAll('[data-testid="going-entry"]') ?? [])].map((e) => e.textContent ?? '')
const click = async (el: HTMLElement | null | undefined) => {
  el!.click()
  await settle(10)
}
const inConflict = () => byTestId('outbox-entry-5')!

describe('giving up a change in the Sync centre', () => {
  it("keeping the service's version asks first, naming every change of the booking made here that goes", async () => {
    await openSyncCentre()
    await click(inConflict().querySelector<HTMLElement>('[data-testid="entry-keep-theirs"]'))

    expect(sent('outbox.keepTheirs')).toHaveLength(0)
    const names = going('keep-theirs')
    expect(names).toHaveLength(3)
    expect(names[0]).toContain(said('syncCentre.ops.update'))
    expect(names[1]).toContain(said('syncCentre.ops.ship'))
    expect(names[2]).toContain(said('syncCentre.ops.deliver'))

    await click(byTestId('keep-theirs-cancel'))
    expect(sent('outbox.keepTheirs')).toHaveLength(0)

    await click(inConflict().querySelector<HTMLElement>('[data-testid="entry-keep-theirs"]'))
    await click(byTestId('keep-theirs-confirm'))
    expect(sent('outbox.keepTheirs')).toEqual([['outbox.keepTheirs', { seq: 5 }]])
  })

  it("discarding names the booking's later changes that go with it, and no other booking's", async () => {
    await openSyncCentre()
    await click(inConflict().querySelector<HTMLElement>('[data-testid="entry-discard"]'))

    const dialog = byTestId('discard-dialog')!.textContent ?? ''
    expect(dialog).toContain(`«${said('syncCentre.ops.update')}» de la reserva 700`)
    const names = going('discard')
    expect(names).toHaveLength(2)
    expect(names[0]).toContain(said('syncCentre.ops.ship'))
    expect(names[1]).toContain(said('syncCentre.ops.deliver'))
    expect(dialog).not.toContain(said('syncCentre.ops.void'))

    await click(byTestId('discard-confirm'))
    expect(sent('outbox.discard')).toEqual([['outbox.discard', { seq: 5 }]])
  })
})
