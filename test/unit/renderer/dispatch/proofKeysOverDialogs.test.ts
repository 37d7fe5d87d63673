import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, ref } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { LocalBooking } from '@shared/bookings'
import { findBinding, keyGroups, type KeyPress } from '@renderer/composables/useKeys'
import { useDispatchPicture } from '@renderer/areas/dispatch/composables/useDispatchPicture'
import { useDispatchSignature } from '@renderer/areas/dispatch/composables/useDispatchSignature'
import { localBooking } from '../../../support/localBooking'
import { resetApiStandIn } from '../../../support/renderer/apiStandIn'

// F8 (a picture) and F9 (the receiver's signature) open over the ship's or the delivery's question, as the goods
// change hands; over any other dialog (the keys' help, a print, a question of another screen's part) they would open
// a proof of the scanned booking the clerk is not looking at, under a dialog that has the keyboard.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const own = 101
/** Shipped to this agency and not delivered: both a picture and a signature prove its delivery. */
const arriving: LocalBooking = localBooking('a', { serviceId: 501, state: 'synced', agencyFromId: 301, agencyToId: own, shipped: true })
let scope = effectScope()

function proofKeys() {
  const delivering = ref<LocalBooking | null>(null)
  const screen = {
    agencyId: ref<number | null>(own),
    delivering,
    active: ref<LocalBooking | null>(arriving),
    say: () => {},
    t: (k: string) => k,
  }
  scope.run(() => {
    const picture = useDispatchPicture({ ...screen, shipping: ref(null), blocked: () => false })
    useDispatchSignature({ ...screen, picturing: picture.asking })
  })
  return { delivering }
}

const press = (key: string): KeyPress => ({ key, code: key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })
const fires = (key: string, dialog: boolean) => findBinding(keyGroups, press(key), { typing: false, dialog }) !== undefined

beforeEach(() => {
  scope = effectScope()
  resetApiStandIn()
  setActivePinia(createPinia())
})
afterEach(() => scope.stop())

describe("Dispatch's proof keys and open dialogs", () => {
  it('F8 and F9 take the scanned booking’s proof with no dialog open, and not under an unrelated dialog', () => {
    proofKeys()
    expect(fires('F8', false)).toBe(true)
    expect(fires('F9', false)).toBe(true)
    expect(fires('F8', true)).toBe(false)
    expect(fires('F9', true)).toBe(false)
  })

  it('F8 and F9 open over the delivery’s question', () => {
    const { delivering } = proofKeys()
    delivering.value = arriving
    expect(fires('F8', true)).toBe(true)
    expect(fires('F9', true)).toBe(true)
  })
})
