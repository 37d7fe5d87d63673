import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { BookingPicture } from '@shared/bookingPictures'
import type { ScanResult } from '@shared/counter'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useKeptPicturesStore } from '@renderer/stores/keptPictures'
import { AppError } from '@shared/errors'
import { useNewBookingForm } from '@renderer/areas/counter/composables/useNewBookingForm'
import type { NewBookingScreen } from '@renderer/areas/counter/composables/newBookingScreen'
import { localBooking } from '../../../support/localBooking'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { counterSetup, newBookingScreen } from '../../../support/renderer/counterStandIns'

// New booking's controller without a browser: the stores it drives against a stand-in of the API client, and a
// stand-in of the screen that records what the form asked of it.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const saved = (localId: string) => ({
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
const keptPicture = (state: BookingPicture['state']): BookingPicture => ({
  seq: 1,
  localId: 'b1',
  serviceId: null,
  step: 'booking',
  state,
  mime: 'image/jpeg',
  bytes: 2048,
  takenBy: 'ana@example.com',
  takenAt: '2026-11-28T09:01:00.000Z',
  attempts: 0,
  lastError: null,
  url: null,
  sentAt: null,
})
const item = (id: number, code: string): ScanResult => ({
  kind: 'item',
  code,
  item: {
    item: { id, code, name: `Artículo ${id}`, ean13: null, measurementUnit: null, itemCategoryId: null, available: 10 },
    lots: [],
  },
})

/** PIN-1's only lot expired in March; NEAR-1's expires within the warning days; OFF-1 is withdrawn from sale. */
const withLots = (
  id: number,
  code: string,
  lots: { id: number; name: string; expires: string; available: number }[],
  active = true,
): ScanResult => {
  const found = item(id, code)
  if (found.kind !== 'item') throw new Error('an item')
  return { ...found, item: { item: { ...found.item.item, active }, lots } }
}
const scans: Record<string, ScanResult> = {
  'ART-1': item(1, 'ART-1'),
  'PIN-1': withLots(2, 'PIN-1', [{ id: 20, name: 'L2603-6127', expires: '2026-03-14', available: 75 }]),
  'NEAR-1': withLots(3, 'NEAR-1', [{ id: 30, name: 'L2612-0001', expires: '2026-12-05', available: 9 }]),
  'OFF-1': withLots(4, 'OFF-1', [], false),
  'LLEGA-1': { kind: 'unknown', code: 'LLEGA-1', noCatalogueYet: true },
}

/** The core as the form meets it: a kept form of this entity (none), the setup, a catalogue pulled, two codes; `create` answers the save. */
function answering(create: () => Promise<unknown>) {
  request.mockImplementation(async (name: string, input?: { code?: string }) => {
    if (name === 'counter.openBooking') return { entityId: 7, open: null }
    if (name === 'catalogue.status') return { pulledAt: '2026-11-28T08:00:00Z', pulling: false }
    if (name === 'counter.setup') return counterSetup
    if (name === 'counter.scan') return scans[input?.code ?? ''] ?? { kind: 'unknown', code: input?.code }
    if (name === 'counter.keepOpenBooking') return { savedAt: '2026-11-28T09:00:00Z' }
    if (name === 'counter.dropOpenBooking') return { cleared: true }
    if (name === 'bookings.create') return create()
    if (name === 'bookings.pictures') return []
    if (name === 'bookings.attachPicture') return keptPicture('waiting')
    throw new Error(`unexpected request ${name}`)
  })
}

async function openForm(s: NewBookingScreen) {
  const scope = effectScope()
  const form = scope.run(() => useNewBookingForm(undefined, s))!
  await form.opening
  await form.open()
  return { form, scope }
}

const requested = (name: string) => request.mock.calls.filter((c) => c[0] === name)

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0))
})
afterEach(() => vi.unstubAllGlobals())

describe('the new booking form', () => {
  it('saves the scanned lines as a booking: the kept form settles first, the form empties and the clerk is told', async () => {
    answering(async () => saved('b1'))
    const { stand, asked, said } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    expect(form.opened.value).toBe(true)
    expect(form.fields.plannedDelivery).toBe('2026-11-28')

    await form.lines.pick({ code: 'ART-1', count: '2' })
    await form.lines.pick({ code: 'ART-1', count: '1' })
    expect(form.fields.lines.map((l) => [l.code, l.quantity])).toEqual([['ART-1', '3']])
    expect(form.lines.shownNotice.value?.kind).toBe('added')
    expect(asked).toContain('reveal line')

    form.fields.destination = 2
    await form.save()
    const [[, input]] = requested('bookings.create') as [[string, Record<string, unknown>]]
    expect(input).toMatchObject({
      agencyToId: 2,
      plannedDelivery: '2026-11-28',
      draft: false,
      fromOpenBooking: true,
      lines: [{ itemId: 1, bookedQuantity: '3', lotId: null }],
    })
    expect(said).toEqual([['success', expect.stringMatching(/guardada|pendiente/) as string]])
    expect(form.fields.lines).toEqual([])
    expect(form.lines.shownNotice.value).toBeNull()
    expect(form.lines.canUndo()).toBe(false)
    expect(form.error.value).toBeNull()
    scope.stop()
  })

  it('keeps everything typed when the save is refused, shows why, and keeps the form again', async () => {
    answering(async () => {
      throw new AppError('bad_input', { field: 'agencyToId', detail: 'inactive' })
    })
    const { stand, said } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'ART-1', count: '1' })
    form.fields.destination = 2
    const keptBefore = requested('counter.keepOpenBooking').length
    await form.save()
    await vi.waitFor(() => expect(requested('counter.keepOpenBooking').length).toBeGreaterThan(keptBefore))
    expect(form.error.value?.code).toBe('bad_input')
    expect(form.fields.lines).toHaveLength(1)
    expect(form.saving.value).toBe(false)
    expect(said).toEqual([])
    scope.stop()
  })

  it('saves nothing without a destination: the field is named, focused and shown', async () => {
    answering(async () => saved('b1'))
    const { stand, asked } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'ART-1', count: '1' })
    await form.save()
    await nextTick()
    expect(form.missing.value).toEqual(['destination'])
    expect(asked.slice(-2)).toEqual(['focus destination', 'reveal missing'])
    expect(requested('bookings.create')).toHaveLength(0)
    // Filled in, its outline goes at once.
    form.fields.destination = 2
    await nextTick()
    expect(form.missing.value).toEqual([])
    scope.stop()
  })

  it('chooses a line with ↑/↓ and steps its quantity with +/−, each undoable; Enter opens it only after the arrows', async () => {
    answering(async () => saved('b1'))
    const { stand, asked } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    const { lines } = form
    for (const code of ['ART-1', 'PIN-1', 'NEAR-1']) await lines.pick({ code, count: '1' })
    const [a, b, c] = form.fields.lines.map((l) => l.key) as [number, number, number]
    const quantities = () => form.fields.lines.map((l) => l.quantity)
    // A scan leaves its line chosen, but Enter on the empty box (a scanner's second Enter) stays there.
    expect(lines.selected.value).toBe(c)
    expect(lines.editChosenQuantity()).toBe(false)

    lines.moveSelection(-1)
    lines.moveSelection(-1)
    lines.moveSelection(-1)
    expect(lines.selected.value).toBe(a)
    expect(asked.at(-1)).toBe('reveal line')
    expect(lines.stepQuantity(1)).toBe(true)
    lines.stepQuantity(1)
    lines.stepQuantity(-1)
    expect(quantities()).toEqual(['2', '1', '1'])
    // Never down to nothing: Del is what removes a line.
    lines.moveSelection(1)
    expect(lines.selected.value).toBe(b)
    expect(lines.stepQuantity(-1)).toBe(false)
    expect(quantities()).toEqual(['2', '1', '1'])
    // Ctrl+Z takes back the run of + and − on that line, as a run of typing, and shows the line chosen.
    lines.undo()
    expect(quantities()).toEqual(['1', '1', '1'])
    expect(lines.selected.value).toBe(a)

    // After the arrows, Enter: the chosen line's quantity; once only.
    lines.moveSelection(1)
    expect(lines.choosing()).toBe(true)
    expect(lines.editChosenQuantity()).toBe(true)
    expect(asked.at(-1)).toBe(`focus quantity ${b}`)
    expect(lines.choosing()).toBe(false)
    // A scan ends the choosing; from no line, ↓ takes the first.
    lines.moveSelection(1)
    await lines.pick({ code: 'ART-1', count: '1' })
    expect(lines.choosing()).toBe(false)
    lines.selected.value = null
    lines.moveSelection(1)
    expect(lines.selected.value).toBe(a)
    scope.stop()
  })

  it('says a code it does not know, or that the catalogue has not arrived, adds nothing, and takes a scan back with Ctrl+Z', async () => {
    answering(async () => saved('b1'))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'NADA-1', count: '1' })
    expect(form.lines.shownNotice.value).toMatchObject({ kind: 'unknown', text: 'Código desconocido: NADA-1' })
    // Before the first pull ends, the code may well be the service's.
    await form.lines.pick({ code: 'LLEGA-1', count: '1' })
    const notYet = 'Código LLEGA-1: el catálogo aún no ha llegado a esta computadora. Vuelva a escanearlo cuando termine de descargarse.'
    expect(form.lines.shownNotice.value).toMatchObject({ kind: 'unknown', text: notYet })
    expect(form.fields.lines).toEqual([])
    await form.lines.pick({ code: 'ART-1', count: '1' })
    form.lines.undo()
    expect(form.fields.lines).toEqual([])
    expect(form.lines.shownNotice.value?.kind).toBe('undone')
    scope.stop()
  })

  it('adds a scanner’s codes as lines in the order scanned, when a later code is answered first', async () => {
    answering(async () => saved('b1'))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    // NEAR-1 was scanned before, so its answer is kept in the window; ART-1 is new and the core is slow with it.
    await form.lines.pick({ code: 'NEAR-1', count: '1' })
    form.lines.undo()
    let answerArt!: () => void
    const artAsked = new Promise<void>((resolve) => (answerArt = resolve))
    const answers = request.getMockImplementation()!
    request.mockImplementation(async (name: string, input?: { code?: string }) => {
      if (name === 'counter.scan' && input?.code === 'ART-1') await artAsked
      return answers(name, input)
    })
    const first = form.lines.pick({ code: 'ART-1', count: '1' })
    const unknown = form.lines.pick({ code: 'ART-2', count: '1' })
    const second = form.lines.pick({ code: 'NEAR-1', count: '2' })
    await vi.waitFor(() => expect(requested('counter.scan').filter(([, i]) => (i as { code: string }).code === 'ART-1')).toHaveLength(1))
    answerArt()
    await Promise.all([first, unknown, second])
    expect(form.fields.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['ART-1', '1'],
      ['NEAR-1', '2'],
    ])
    expect(form.lines.shownNotice.value).toMatchObject({ kind: 'added' })
    scope.stop()
  })

  it('does not save a line whose lots all expired until one is chosen, then asks before saving it', async () => {
    answering(async () => saved('b1'))
    const { stand, asked } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'PIN-1', count: '1' })
    const [line] = form.fields.lines
    expect(line!.lotId).toBeNull()
    form.fields.destination = 2
    await form.save()
    await nextTick()
    expect(asked).toContain(`focus lot ${line!.key}`)
    expect(form.expiredAsk.value).toBe(false)
    // Chosen by hand: the save asks, naming the line, its lot and the day it expired.
    form.lines.changeLine({ ...line!, lotId: 20 })
    await form.save()
    expect(form.expiredAsk.value).toBe(true)
    expect(form.expiredItems.value).toBe('PIN-1 (lote L2603-6127, venció 2026-03-14)')
    expect(requested('bookings.create')).toHaveLength(0)
    await form.save(false, true)
    expect(requested('bookings.create')).toHaveLength(1)
    scope.stop()
  })

  it('asks before saving a line on a lot that expires within the warning days', async () => {
    answering(async () => saved('b1'))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'NEAR-1', count: '1' })
    expect(form.fields.lines[0]!.lotId).toBe(30)
    form.fields.destination = 2
    await form.save()
    expect(form.expiredAsk.value).toBe(true)
    expect(form.expiredItems.value).toBe('NEAR-1 (lote L2612-0001, vence 2026-12-05)')
    scope.stop()
  })

  it('refuses an inactive item at the scan, naming it, and adds nothing', async () => {
    answering(async () => saved('b1'))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'OFF-1', count: '1' })
    expect(form.fields.lines).toEqual([])
    expect(form.lines.shownNotice.value).toMatchObject({
      kind: 'refused',
      text: 'El artículo OFF-1 Artículo 4 está inactivo: no se puede reservar. No se añadió nada.',
    })
    scope.stop()
  })

  it('moves a transfer request’s planned delivery that has passed to today, and says so', async () => {
    answering(async () => saved('b1'))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.fromTransferRequest({
      id: 5,
      agencyFromId: 1,
      agencyToId: 2,
      plannedDelivery: '2025-06-28',
      reference: null,
      lines: [{ itemId: 1, quantity: '2', itemCode: 'ART-1', itemName: 'Artículo 1' }],
    })
    expect(form.fields.plannedDelivery).toBe('2026-11-28')
    expect(form.lines.deliveryMoved.value).toEqual({ from: '2025-06-28', to: '2026-11-28' })
    // Another day chosen: the note goes.
    form.fields.plannedDelivery = '2026-12-01'
    await nextTick()
    expect(form.lines.deliveryMoved.value).toBeNull()
    scope.stop()
  })

  it('offers a picture of the booking only once it is saved, and the picture never stands in the save’s way', async () => {
    let answer: (v: unknown) => void = () => undefined
    answering(() => new Promise((resolve) => (answer = resolve)))
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    expect(form.picture.saved.value).toBeNull()
    await form.lines.pick({ code: 'ART-1', count: '1' })
    form.fields.destination = 2
    const saving = form.save()
    // While the booking is being kept, nothing of a picture is offered or asked for.
    await vi.waitFor(() => expect(requested('bookings.create')).toHaveLength(1))
    expect(form.picture.saved.value).toBeNull()
    form.picture.ask()
    expect(form.picture.asking.value).toBeNull()
    answer(saved('b1'))
    await saving
    expect(form.picture.saved.value?.localId).toBe('b1')
    expect(form.picture.number.value).toBe(useBookingsStore().bookingNumber(localBooking('b1')))
    expect(form.picture.picture.value).toBeNull()
    // The offer costs no request: a booking just created has no picture to read.
    expect(requested('bookings.attachPicture')).toEqual([])
    expect(requested('bookings.pictures')).toEqual([])

    form.picture.ask()
    expect(form.picture.asking.value?.localId).toBe('b1')
    await useKeptPicturesStore().attach('b1', 'booking', 'AAAA')
    form.picture.attached()
    expect(form.picture.asking.value).toBeNull()
    expect(form.picture.picture.value?.state).toBe('waiting')
    // The core announces the picture sent: the offer shows it.
    announce('pictures.changed', { pictures: [keptPicture('sent')] })
    expect(form.picture.picture.value?.state).toBe('sent')
    form.picture.dismiss()
    expect(form.picture.saved.value).toBeNull()
    scope.stop()
  })

  it('offers no picture when the save is refused', async () => {
    answering(async () => {
      throw new AppError('bad_input', { field: 'agencyToId', detail: 'inactive' })
    })
    const { stand } = newBookingScreen()
    const { form, scope } = await openForm(stand)
    await form.lines.pick({ code: 'ART-1', count: '1' })
    form.fields.destination = 2
    await form.save()
    expect(form.error.value?.code).toBe('bad_input')
    expect(form.picture.saved.value).toBeNull()
    form.picture.ask()
    expect(form.picture.asking.value).toBeNull()
    scope.stop()
  })
})
