import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { LocalBooking } from '@shared/bookings'
import type { CounterSetup } from '@shared/counter'
import { AppError } from '@shared/errors'
import { lotFreshness } from '@shared/lots'
import { i18n } from '@renderer/i18n'
import { findBinding, keyGroups, type KeyBinding, type KeyPress } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useDispatchScreen } from '@renderer/areas/dispatch/composables/useDispatchScreen'
import type { DispatchScreen } from '@renderer/areas/dispatch/composables/dispatchScreen'
import { bookingLine, localBooking } from '../../../support/localBooking'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// Dispatch's controller without a browser: the stores against a stand-in of the API client, and a stand-in of
// the screen that records what the controller asked of it.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
/** The bookings the core shipped, in order, and those it refuses to ship. */
let shipped: string[] = []
let refuse = new Set<string>()

const own = 101
const setup: CounterSetup = {
  agency: { id: own, name: 'Tienda Zona 1', agencyCategoryId: null },
  destinations: [],
  filteredByCategory: false,
  unavailable: [],
  agencies: [
    { id: own, name: 'Tienda Zona 1', agencyCategoryId: null },
    { id: 301, name: 'Bodega Central', agencyCategoryId: null },
    { id: 303, name: 'Sucursal Norte', agencyCategoryId: null },
  ],
  today: '2026-11-28',
  refreshedAt: '2026-11-28T08:00:00Z',
}
/** The outbox's counts as the core gives them: each a later reading than the last. */
let readings = 0
const sync = () => ({ waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: ++readings })
const line = bookingLine({ itemId: 7, bookedQuantity: '2', itemCode: 'CER-00297', itemName: 'Cereal' })
const toShip = (localId: string, serviceId: number, to: number): LocalBooking =>
  localBooking(localId, { serviceId, state: 'synced', agencyFromId: own, agencyToId: to, lines: [line] })
const bookings = [toShip('a', 501, 301), toShip('b', 502, 303), toShip('c', 503, 303)]

beforeEach(() => {
  setActivePinia(createPinia())
  i18n.global.locale.value = 'es'
  shipped = []
  refuse = new Set()
  resetApiStandIn()
  request.mockImplementation(async (name: string, input: { id?: string }) => {
    if (name === 'bookings.list') return bookings
    if (name === 'outbox.list') return []
    if (name === 'sync.status') return sync()
    if (name === 'dispatch.ticks') return { entityId: 7, ticks: {} }
    if (name === 'dispatch.keepTicks') return { savedAt: '2026-11-28T10:00:00.000Z' }
    if (name === 'counter.scan') return { kind: 'unknown', code: 'x' }
    if (name === 'bookings.ship') {
      const b = bookings.find((x) => x.localId === input.id)!
      if (refuse.has(b.localId)) throw new Error('refused')
      shipped.push(b.localId)
      const shippedBooking = { ...b, shipped: true, state: 'pending' as const }
      return { booking: shippedBooking, changes: { bookings: [shippedBooking], removed: [], entries: [], sync: sync(), full: false } }
    }
    throw new Error(`unexpected request ${name}`)
  })
})
afterEach(() => scopes.splice(0).forEach((s) => s.stop()))

const scopes: ReturnType<typeof effectScope>[] = []
async function openScreen() {
  const asked: string[] = []
  const said: [string, string][] = []
  const screen: DispatchScreen = {
    t: (key, values, plural) => (plural === undefined ? i18n.global.t(key, values ?? {}) : i18n.global.t(key, values ?? {}, plural)),
    quantity: (q) => q,
    freshness: (expires) => lotFreshness(expires, '2026-11-28', 30),
    now: ref(new Date('2026-11-28T15:00:00Z')),
    refresh: () => asked.push('refresh'),
    focusScan: () => asked.push('focus scan'),
    blurScan: () => asked.push('blur scan'),
    focusFirstCount: () => false,
    reveal: (id) => asked.push(`reveal ${id}`),
    say: (kind, text) => said.push([kind, text]),
    beep: () => asked.push('beep'),
    printManifest: async (list) => asked.push(`manifest ${list.map((b) => b.localId).join(',')}`),
  }
  const store = useBookingsStore()
  store.setup = setup
  await store.load()
  const scope = effectScope()
  scopes.push(scope)
  const dispatch = scope.run(() => useDispatchScreen(screen))!
  return { dispatch, asked, said }
}

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: /^\d$/.test(key) ? `Digit${key}` : key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
})

describe("Dispatch's controller", () => {
  it('opens the tabs with Ctrl+1–4 while the scan box has the focus, and leaves a plain digit to the box', async () => {
    const { dispatch } = await openScreen()
    const inBox = { typing: true, dialog: false }
    runKey(findBinding(keyGroups, press('3', { ctrlKey: true }), inBox))
    expect(dispatch.lists.tab.value).toBe('inTransitIn')
    // A digit typed in the box is a code being scanned (a slip's number starts with one).
    expect(findBinding(keyGroups, press('2'), inBox)).toBeUndefined()
    // With no field focused, the plain digit still opens its tab.
    runKey(findBinding(keyGroups, press('1'), { typing: false, dialog: false }))
    expect(dispatch.lists.tab.value).toBe('toShip')
  })

  it('names the filtered destination even once all its bookings have left the tab', async () => {
    const { dispatch } = await openScreen()
    expect(dispatch.lists.agencyOptions.value).toEqual([
      { value: 301, label: 'Bodega Central' },
      { value: 303, label: 'Sucursal Norte' },
    ])
    dispatch.lists.filters.value = { agencyId: 303, plannedDelivery: null }
    dispatch.selection.toggleAll(true)
    dispatch.ship.ask(dispatch.selection.chosen.value)
    await dispatch.ship.confirm()
    expect(shipped).toEqual(['b', 'c'])
    expect(dispatch.lists.visible.value).toEqual([])
    expect(dispatch.lists.agencyOptions.value).toContainEqual({ value: 303, label: 'Sucursal Norte' })
  })

  it('asks once before shipping several, in words that agree with the count, and offers their manifest', async () => {
    const { dispatch, said, asked } = await openScreen()
    dispatch.selection.toggleAll(true)
    dispatch.ship.ask(dispatch.selection.chosen.value)
    expect(dispatch.ship.question.value).toBe('¿Dar salida a 3 reservas? Las existencias salen de su agencia.')
    // A second question while one is shown is not a new one.
    dispatch.ship.ask([bookings[0]!])
    expect(dispatch.ship.asking.value).toHaveLength(3)
    refuse.add('c')
    await dispatch.ship.confirm()
    expect(dispatch.ship.asking.value).toBeNull()
    expect(said).toEqual([
      ['error', 'No se pudo despachar 1 reserva.'],
      ['success', '2 reservas despachadas.'],
    ])
    expect(dispatch.ship.error.value).not.toBeNull()
    expect(dispatch.selection.selected.value.size).toBe(0)
    expect(dispatch.ship.manifestOffer.value?.map((b) => b.localId)).toEqual(['a', 'b'])
    await dispatch.ship.printManifest()
    expect(asked).toContain('manifest a,b')
  })

  it('opens a scanned slip, counts its items, and Enter on the empty box asks to ship it', async () => {
    const { dispatch, asked } = await openScreen()
    dispatch.scan.scanText.value = '502'
    await dispatch.enter()
    expect(dispatch.scan.activeId.value).toBe('b')
    expect(asked).toContain('reveal b')
    dispatch.scan.scanText.value = '2*CER-00297'
    await dispatch.enter()
    expect(dispatch.scan.feedback.value).toEqual({ type: 'success', text: 'CER-00297: 2 de 2' })
    dispatch.scan.scanText.value = 'CER-00297'
    await dispatch.enter()
    expect(dispatch.scan.feedback.value?.type).toBe('warning')
    expect(asked.filter((a) => a === 'beep')).toHaveLength(1)
    await dispatch.enter()
    expect(dispatch.ship.asking.value?.map((b) => b.localId)).toEqual(['b'])
    await dispatch.ship.confirm()
    await nextTick()
    expect(dispatch.scan.activeId.value).toBeNull()
    expect(asked).toContain('focus scan')
  })

  it('takes the box’s Enters in the order pressed: a barcode still being looked up is counted before the next slip opens', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const answers = request.getMockImplementation()!
    request.mockImplementation(async (name: string, input: { code?: string }) => {
      if (name !== 'counter.scan') return answers(name, input)
      await answered
      return { kind: 'item', code: input.code, item: { item: { id: 7, code: 'CER-00297', name: 'Cereal' }, lots: [] } }
    })
    const { dispatch } = await openScreen()
    dispatch.scan.scanText.value = '502'
    await dispatch.enter()
    dispatch.scan.scanText.value = '7401234567895'
    const barcode = dispatch.enter()
    dispatch.scan.scanText.value = '503'
    const slip = dispatch.enter()
    answer()
    await Promise.all([barcode, slip])
    expect(dispatch.scan.activeId.value).toBe('c')
    expect(dispatch.scan.feedback.value).toEqual({ type: 'info', text: expect.stringMatching(/^Reserva 503 · C abierta/) as string })
    // The barcode counted on the booking it was scanned for, not on the one opened after it.
    expect(Object.values(dispatch.scan.ticks.value.b ?? {})).toEqual(['1'])
    expect(dispatch.scan.ticks.value.c).toBeUndefined()
  })

  /** The feedback to a barcode scanned on booking 502, with `counter.scan` answered by `scanAnswer`. */
  async function scanOnOpenBooking(scanAnswer: (code: string) => unknown) {
    const answer = request.getMockImplementation()!
    request.mockImplementation(async (name: string, input: { code?: string }) =>
      name === 'counter.scan' ? scanAnswer(input.code!) : answer(name, input),
    )
    const { dispatch, asked } = await openScreen()
    dispatch.scan.scanText.value = '502'
    await dispatch.enter()
    dispatch.scan.scanText.value = '7401234567895'
    await dispatch.enter()
    expect(asked).toContain('beep')
    return dispatch.scan.feedback.value
  }

  it('says the catalogue has not arrived when a code is unknown before the first pull ends', async () => {
    expect(await scanOnOpenBooking((code) => ({ kind: 'unknown', code, noCatalogueYet: true }))).toEqual({
      type: 'error',
      text: 'Código 7401234567895: el catálogo aún no ha llegado a esta computadora. Cuente a mano o vuelva a escanearlo cuando termine de descargarse.',
    })
  })

  it('says a code it could not check against the catalogue was not counted, not that it is off the booking', async () => {
    const feedback = await scanOnOpenBooking(() => {
      throw new AppError('internal', { detail: 'SqliteError: database disk image is malformed' })
    })
    expect(feedback).toEqual({
      type: 'error',
      text: 'Código 7401234567895: no se pudo buscar en el catálogo de esta computadora. No se contó; vuelva a escanearlo o cuente a mano.',
    })
  })

  it('refuses an unknown code with no booking open, and Esc twice lets go of the box', async () => {
    const { dispatch, asked } = await openScreen()
    dispatch.scan.scanText.value = 'XYZ'
    await dispatch.enter()
    expect(dispatch.scan.feedback.value).toMatchObject({ type: 'error' })
    dispatch.onScanKeydown(new KeyboardEventStandIn('Escape'))
    expect(dispatch.scan.feedback.value).toBeNull()
    expect(asked).toContain('blur scan')
  })
})

describe("Dispatch's counts in words", () => {
  const t = (key: string, values: Record<string, unknown>, n: number) => i18n.global.t(key, values, n)
  it.each([
    ['dispatch.shipConfirm', { count: 1 }, 1, /^¿Dar salida a 1 reserva\?/],
    ['dispatch.shippedMany', { count: 1 }, 1, /^1 reserva despachada\.$/],
    ['dispatch.someFailed', { count: 2 }, 2, /^No se pudieron despachar 2 reservas\.$/],
    ['dispatch.manifestOffer', { count: 3 }, 3, /^3 reservas despachadas juntas\./],
    ['dispatch.scan.unchecked', { done: 0, of: 1 }, 1, /^Solo 0 de 1 línea está verificada\./],
    ['dispatch.scan.unchecked', { done: 1, of: 2 }, 2, /^Solo 1 de 2 líneas están verificadas\./],
  ] as const)('%s agrees with its count', (key, values, n, words) => {
    i18n.global.locale.value = 'es'
    expect(t(key, values, n)).toMatch(words)
  })
})

/** Runs the key's action (the tab keys read nothing of the event; the unit project has no KeyboardEvent). */
function runKey(binding: KeyBinding | undefined): void {
  expect(binding).toBeDefined()
  Reflect.apply(binding!.run, undefined, [])
}

/** The little of a KeyboardEvent the scan box's handler reads. */
class KeyboardEventStandIn {
  ctrlKey = false
  metaKey = false
  altKey = false
  constructor(readonly key = '') {}
  preventDefault(): void {}
}
