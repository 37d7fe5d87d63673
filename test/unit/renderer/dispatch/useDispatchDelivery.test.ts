import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { LocalBooking } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { useDispatchDelivery } from '@renderer/areas/dispatch/composables/useDispatchDelivery'
import { useDispatchTicksStore } from '@renderer/areas/dispatch/stores/dispatchTicks'
import { bookingLine, localBooking } from '../../../support/localBooking'
import { answers, request, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'

// The dispatch screen's delivery without a browser: the stores against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const sync = { waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 1 }
const inTransit = localBooking('cer-297', {
  serviceId: 297,
  state: 'synced',
  shipped: true,
  lines: [
    bookingLine({ itemId: 7, lotId: 70, bookedQuantity: '5', itemCode: 'CER-00297', itemName: 'Cereal' }),
    bookingLine({ itemId: 8, bookedQuantity: '2', itemCode: 'AZU-00001' }),
  ],
})
const untravelled = { ...inTransit, localId: 'direct', shipped: false, needsTransport: false }

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
  answers.set('dispatch.ticks', () => ({ entityId: 101, ticks: {} }))
  answers.set('dispatch.keepTicks', () => ({ savedAt: '2026-11-28T10:00:00.000Z' }))
  answers.set('bookings.deliver', (input) => {
    const b: LocalBooking = { ...inTransit, localId: (input as { id?: string }).id ?? '', delivered: true, state: 'pending' }
    return { booking: b, changes: { bookings: [b], removed: [], entries: [], sync, full: false } }
  })
})

async function counted(localId: string, ticks: Record<string, string>) {
  const store = useDispatchTicksStore()
  await store.load()
  await store.set(localId, ticks)
  sent.length = 0
}
const delivers = () => sent.filter((r) => r.name === 'bookings.deliver').map((r) => r.input)

describe('delivering from the dispatch screen', () => {
  it('lists each line counted short, and by default delivers what was counted, with the note', async () => {
    await counted(inTransit.localId, { '7:70': '4', '8:-': '2' })
    const delivery = useDispatchDelivery()
    expect(delivery.ask(inTransit)).toEqual({ kind: 'asked' })
    expect(delivery.shortfalls.value.map((s) => [s.line.itemCode, s.line.quantity, s.counted, s.missing])).toEqual([
      ['CER-00297', '5', '4', '1'],
    ])
    expect(delivery.canDeliverShort.value).toBe(true)
    delivery.note.value = '  una caja dañada '
    const done = await delivery.deliverCounted()
    expect(done).toMatchObject({ booking: { localId: inTransit.localId, delivered: true }, short: true })
    expect(delivers()).toEqual([
      {
        id: inTransit.localId,
        delivered: [
          { itemId: 7, lotId: 70, quantity: '4' },
          { itemId: 8, lotId: null, quantity: '2' },
        ],
        note: 'una caja dañada',
      },
    ])
    expect(delivery.asking.value).toBeNull()
    // Delivered: its count goes.
    await vi.waitFor(() =>
      expect(sent).toContainEqual({ name: 'dispatch.keepTicks', input: { entityId: 101, localId: inTransit.localId, ticks: {} } }),
    )
  })

  it('delivers all as booked only when asked to, whatever was counted', async () => {
    await counted(inTransit.localId, { '7:70': '4' })
    const delivery = useDispatchDelivery()
    delivery.ask(inTransit)
    expect(delivery.shortfalls.value.map((s) => s.missing)).toEqual(['1', '2'])
    expect(await delivery.deliverAll()).toMatchObject({ short: false })
    expect(delivers()).toEqual([{ id: inTransit.localId }])
  })

  it('delivers as booked, with no question of shortfall, when nothing was counted or every line was counted whole', async () => {
    const delivery = useDispatchDelivery()
    delivery.ask(inTransit)
    expect(delivery.shortfalls.value).toEqual([])
    await delivery.deliverCounted()
    expect(delivers()).toEqual([{ id: inTransit.localId }])
    await counted(inTransit.localId, { '7:70': '5', '8:-': '2' })
    delivery.ask(inTransit)
    expect(delivery.shortfalls.value).toEqual([])
    await delivery.deliverCounted()
    expect(delivers()).toEqual([{ id: inTransit.localId }])
  })

  it('refuses an over-count: nothing is asked, nothing delivered', async () => {
    await counted(inTransit.localId, { '7:70': '6', '8:-': '2' })
    const delivery = useDispatchDelivery()
    const asked = delivery.ask(inTransit)
    expect(asked).toMatchObject({ kind: 'over', lines: [{ itemCode: 'CER-00297', quantity: '5' }] })
    expect(delivery.asking.value).toBeNull()
    expect(await delivery.deliverCounted()).toBeUndefined()
    expect(delivers()).toEqual([])
  })

  it('never delivers short a booking that did not travel: the service delivers it as booked', async () => {
    await counted(untravelled.localId, { '7:70': '4', '8:-': '2' })
    const delivery = useDispatchDelivery()
    delivery.ask(untravelled)
    expect(delivery.shortfalls.value).toHaveLength(1)
    expect(delivery.canDeliverShort.value).toBe(false)
    expect(await delivery.deliverCounted()).toBeUndefined()
    expect(delivers()).toEqual([])
    await delivery.deliverAll()
    expect(delivers()).toEqual([{ id: untravelled.localId }])
  })

  it('keeps the question open with the error when the delivery could not be recorded', async () => {
    await counted(inTransit.localId, { '7:70': '4', '8:-': '2' })
    const delivery = useDispatchDelivery()
    delivery.ask(inTransit)
    request.mockImplementationOnce(async () => {
      throw new AppError('conflict', { detail: 'the booking is already delivered' })
    })
    expect(await delivery.deliverCounted()).toBeUndefined()
    expect(delivery.asking.value?.localId).toBe(inTransit.localId)
    expect(delivery.error.value?.code).toBe('conflict')
  })

  it('stays open while the delivery is on its way, so a failure that follows is shown in it', async () => {
    let fail: (err: Error) => void = () => {}
    answers.set('bookings.deliver', () => new Promise((_, reject) => (fail = reject)))
    const delivery = useDispatchDelivery()
    delivery.ask(untravelled)
    const done = delivery.deliverAll()
    // Esc, the mask or Cancel while it is on its way: the question stays.
    delivery.cancel()
    expect(delivery.asking.value?.localId).toBe(untravelled.localId)
    fail(new AppError('internal', { detail: 'database is locked' }))
    expect(await done).toBeUndefined()
    expect(delivery.asking.value?.localId).toBe(untravelled.localId)
    expect(delivery.error.value?.code).toBe('internal')
    // Once it has answered, Cancel closes it.
    delivery.cancel()
    expect(delivery.asking.value).toBeNull()
  })
})
