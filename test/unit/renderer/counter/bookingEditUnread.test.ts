import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { ScanResult } from '@shared/counter'
import { AppError } from '@shared/errors'
import { i18n } from '@renderer/i18n'
import { useNewBookingForm } from '@renderer/areas/counter/composables/useNewBookingForm'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { localBooking } from '../../../support/localBooking'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { counterSetup, newBookingScreen } from '../../../support/renderer/counterStandIns'

// The edit of a booking whose read failed: the form does not know the booking it edits, so it may save nothing.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const art: ScanResult = {
  kind: 'item',
  code: 'ART-1',
  item: {
    item: { id: 1, code: 'ART-1', name: 'Artículo 1', ean13: null, measurementUnit: null, itemCategoryId: null, available: 10 },
    lots: [],
  },
}
let screen = newBookingScreen()
const created = (localId: string) => ({
  booking: localBooking(localId),
  warnings: [],
  changes: {
    bookings: [localBooking(localId)],
    removed: [],
    entries: [],
    full: false,
    sync: { waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 1 },
  },
})
/** bookings.get fails until `readable` is set. */
let readable = false
const requested = (name: string) => request.mock.calls.filter((c) => c[0] === name)

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
  screen = newBookingScreen()
  readable = false
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0))
  request.mockImplementation(async (name: string) => {
    if (name === 'counter.openBooking')
      return {
        entityId: 7,
        open: {
          savedAt: '2026-11-28T09:00:00Z',
          form: {
            destination: 2,
            plannedDelivery: '2026-11-30',
            reference: 'Pedido de la tarde',
            needsTransport: true,
            transferRequestId: null,
            lines: [],
          },
        },
      }
    if (name === 'catalogue.status') return { pulledAt: '2026-11-28T08:00:00Z', pulling: false }
    if (name === 'counter.setup') return counterSetup
    if (name === 'counter.scan') return art
    if (name === 'counter.keepOpenBooking') return { savedAt: '2026-11-28T09:00:00Z' }
    if (name === 'bookings.get') {
      if (!readable) throw new AppError('network')
      return localBooking('b9', { reference: 'Pedido b9', state: 'pending' })
    }
    if (name === 'bookings.create') return created('nueva')
    if (name === 'bookings.update') {
      const { booking, changes } = created('b9')
      return { booking, changes }
    }
    return undefined
  })
})
afterEach(() => vi.unstubAllGlobals())

async function openEdit() {
  const scope = effectScope()
  const edit = scope.run(() => useNewBookingForm('b9', screen.stand))!
  await edit.opening
  await edit.open()
  return { edit, scope }
}

describe('editing a booking that could not be read', () => {
  it("never saves it as a new booking, and the counter's open booking stays as it was", async () => {
    // The counter's open booking, typed before the clerk went to edit another.
    const counterScope = effectScope()
    const counter = counterScope.run(() => useNewBookingForm(undefined, screen.stand))!
    await counter.opening
    await counter.open()
    await counter.lines.pick({ code: 'ART-1', count: '4' })
    counterScope.stop()
    const open = useOpenBookingStore()

    const { edit, scope } = await openEdit()
    edit.fields.destination = 2
    edit.fields.plannedDelivery = '2026-12-01'
    await edit.lines.pick({ code: 'ART-1', count: '1' })
    await edit.save()
    await edit.save(true)

    expect(requested('bookings.create')).toEqual([])
    expect(requested('bookings.update')).toEqual([])
    expect(open.reference).toBe('Pedido de la tarde')
    expect(open.lines).toHaveLength(1)
    scope.stop()
  })

  it('says the booking could not be read, keeps saying it at a save, and says why nothing was saved', async () => {
    const { edit, scope } = await openEdit()
    expect(edit.readError.value?.code).toBe('network')
    await edit.save()
    expect(edit.readError.value?.code).toBe('network')
    expect(screen.said).toEqual([['error', i18n.global.t('counter.editUnreadSave')]])
    scope.stop()
  })

  it('reads the booking again at a retry, and then saves the edit as that booking', async () => {
    const { edit, scope } = await openEdit()
    readable = true
    await edit.loadBooking()
    expect(edit.readError.value).toBeNull()
    expect(edit.fields.reference).toBe('Pedido b9')
    await edit.lines.pick({ code: 'ART-1', count: '1' })
    await edit.save()
    expect(requested('bookings.update')).toHaveLength(1)
    expect(requested('bookings.create')).toEqual([])
    scope.stop()
  })
})
