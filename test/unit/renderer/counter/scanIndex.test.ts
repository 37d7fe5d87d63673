import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { LocalBooking } from '@shared/bookings'
import type { ScanResult } from '@shared/counter'
import type { BookingsDelta } from '@shared/contract/events'
import { KEEP_ANSWER_MS, WARM_AFTER_MS, WARM_PAGE, useScanIndexStore } from '@renderer/stores/scanIndex'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { bookingLine, localBooking } from '../../../support/localBooking'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The kept answers against a stand-in of the API client: how often the host is asked, and the core's events.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

let available = 5
const item = (code: string): ScanResult => ({
  kind: 'item',
  code,
  item: {
    item: { id: 1, code, name: 'Aceite', ean13: null, measurementUnit: null, itemCategoryId: null, available },
    lots: [{ id: 7, name: 'L7', expires: null, available: 3 }],
  },
})
/** Item `id` as the core answers it (as item(), with that id and figure), without lots. */
const scanned = (id: number, figure = available) => ({
  item: { ...(item(`ART-${id}`) as Extract<ScanResult, { kind: 'item' }>).item.item, id, available: figure },
  lots: [],
})
const itemAnswer = (id: number): ScanResult => ({ kind: 'item', code: `ART-${id}`, item: scanned(id) })
/** A static bundle of these items (id and quantity each), and a dynamic one choosing among these. */
const kitAnswer = (components: [number, string][]): ScanResult => ({
  kind: 'bundle',
  code: 'KIT',
  bundle: { id: 9, code: 'KIT', name: 'Kit', categoryBundle: false, itemCategoryId: null },
  components: components.map(([id, quantity]) => ({ ...scanned(id), quantity })),
  choices: [],
})
const pickAnswer = (choices: number[]): ScanResult => ({
  kind: 'bundle',
  code: 'PICK',
  bundle: { id: 10, code: 'PICK', name: 'A elegir', categoryBundle: true, itemCategoryId: 4 },
  components: [],
  choices: choices.map((id) => scanned(id)),
})
const scans = () => request.mock.calls.filter((c) => c[0] === 'counter.scan').length
const pagesRead = () => request.mock.calls.filter((c) => c[0] === 'counter.scanIndex').map((c) => (c[1] as { offset: number }).offset)
/** The core's answers ahead, with the stock as it is now: two pages, the second the last. */
const aheadPage = (offset: number): { answers: ScanResult[]; next: number | null } =>
  offset === 0 ? { answers: [item('AHEAD-1'), item('AHEAD-2')], next: 2 } : { answers: [item('AHEAD-3')], next: null }
const delta = (over: Partial<BookingsDelta>): BookingsDelta => ({
  bookings: [],
  removed: [],
  entries: [],
  sync: { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 0 },
  full: false,
  ...over,
})

/** A booking saved here of these items (never edited when `updatedAt` is its creation). */
const booking = (localId: string, items: number[], updatedAt = '2026-11-25T10:00:00Z'): LocalBooking =>
  localBooking(localId, {
    lines: items.map((itemId) => bookingLine({ itemId })),
    pending: 1,
    createdAt: '2026-11-25T10:00:00Z',
    updatedAt,
  })

beforeEach(() => {
  available = 5
  resetApiStandIn()
  request.mockImplementation(async (name: string, input: { code: string; offset: number }) => {
    if (name === 'counter.scanIndex') return aheadPage(input.offset)
    if (name !== 'counter.scan') throw new Error(`unexpected request ${name}`)
    return input.code.startsWith('NO-') ? { kind: 'unknown', code: input.code } : item(input.code)
  })
  setActivePinia(createPinia())
})

describe('the scanned codes the counter keeps', () => {
  it("answers a code the host answered at once, without asking again; the first answer is the host's", async () => {
    const index = useScanIndexStore()
    expect(index.lookup('ART-1')).toBeUndefined()
    expect(await index.scan('ART-1')).toEqual(item('ART-1'))
    expect(index.lookup('ART-1')).toEqual(item('ART-1'))
    expect(await index.scan(' ART-1 ')).toEqual(item('ART-1'))
    expect(scans()).toBe(1)
    // Asked for an item only (a picked suggestion) is another question.
    await index.scan('ART-1', 'item')
    expect(scans()).toBe(2)
  })

  it('asks the host every time for an unknown code', async () => {
    const index = useScanIndexStore()
    expect((await index.scan('NO-1')).kind).toBe('unknown')
    expect((await index.scan('NO-1')).kind).toBe('unknown')
    expect(scans()).toBe(2)
  })

  it('forgets its answers when a booking changes, the catalogue changes (pulled or edited here), or the company changes', async () => {
    const index = useScanIndexStore()
    const catalogue = useCatalogueStore()
    const changes: (() => void)[] = [
      () => announce('bookings.changed', delta({ removed: ['a'] })),
      () => announce('catalogue.changed', { pulling: false }),
      () => announce('catalogue.progress', { phase: 'items' }),
      () => announce('entity.changed'),
      () => announce('session.changed', { state: 'signed_in' }),
      () => (catalogue.revision += 1),
    ]
    for (const change of changes) {
      await index.scan('ART-1')
      available -= 1
      change()
      const again = await index.scan('ART-1')
      expect(again.kind === 'item' && again.item.item.available).toBe(available)
    }
    // The first scan, and one after each change (the scan opening the next round is the kept answer).
    expect(scans()).toBe(changes.length + 1)
    // A delta that names no booking (only the counts moved) changes no answer.
    announce('bookings.changed', delta({}))
    await index.scan('ART-1')
    expect(scans()).toBe(changes.length + 1)
  })

  it('a booking saved, sent or edited forgets the answers that speak of its items only (before and after the change)', async () => {
    const answers: Record<string, ScanResult> = {
      'ART-1': itemAnswer(1),
      'ART-2': itemAnswer(2),
      'ART-5': itemAnswer(5),
      KIT: kitAnswer([
        [2, '1'],
        [3, '2'],
      ]),
      PICK: pickAnswer([4]),
    }
    request.mockImplementation(async (_name: string, input: { code: string }) => answers[input.code])
    const index = useScanIndexStore()
    const scanAll = () => Promise.all(Object.keys(answers).map((code) => index.scan(code)))
    const kept = () => Object.keys(answers).filter((code) => index.lookup(code) !== undefined)

    await scanAll()
    // Saved here: its item's answer goes; the bundles of other items stay (a dynamic bundle's choices are the items
    // with stock in the cache, which only a pull changes).
    announce('bookings.changed', delta({ bookings: [booking('b1', [1])] }))
    expect(kept()).toEqual(['ART-2', 'ART-5', 'KIT', 'PICK'])
    await scanAll()
    // Sent (the same lines): the same answers go.
    announce('bookings.changed', delta({ bookings: [booking('b1', [1], '2026-11-25T10:01:00Z')] }))
    expect(kept()).toEqual(['ART-2', 'ART-5', 'KIT', 'PICK'])
    await scanAll()
    // Edited: item 1 dropped for item 4; both moved, and the bundle choosing among item 4's with them.
    announce('bookings.changed', delta({ bookings: [booking('b1', [4], '2026-11-25T10:02:00Z')] }))
    expect(kept()).toEqual(['ART-2', 'ART-5', 'KIT'])
    await scanAll()
    // Edited again, item 4 for item 2: the answers speaking of either go, the bundle holding item 2 with them.
    announce('bookings.changed', delta({ bookings: [booking('b1', [2], '2026-11-25T10:03:00Z')] }))
    expect(kept()).toEqual(['ART-1', 'ART-5'])
    await scanAll()
    // A booking edited elsewhere whose lines before this window never saw: everything goes.
    announce('bookings.changed', delta({ bookings: [booking('b2', [5], '2026-11-25T10:04:00Z')] }))
    expect(kept()).toEqual([])
  })

  it("takes the core's new figures for the items a booking moved, instead of asking the host again", async () => {
    const answers: Record<string, ScanResult> = {
      'ART-1': itemAnswer(1),
      KIT: kitAnswer([
        [1, '1'],
        [3, '2'],
      ]),
      PICK: pickAnswer([1, 4]),
    }
    request.mockImplementation(async (_name: string, input: { code: string }) => answers[input.code])
    const index = useScanIndexStore()
    for (const code of Object.keys(answers)) await index.scan(code)
    expect(scans()).toBe(3)
    const figure = (answer: ScanResult | undefined, id: number) =>
      answer?.kind === 'item'
        ? answer.item.item.available
        : answer?.kind === 'bundle'
          ? [...answer.components, ...answer.choices].find((c) => c.item.id === id)?.item.available
          : undefined

    // A booking of items 1 and 3 is saved; the core then tells item 1's new figure, and later item 3's.
    announce('bookings.changed', delta({ bookings: [booking('b1', [1, 3])] }))
    expect(index.lookup('ART-1')).toBeUndefined()
    announce('counter.itemsMoved', { items: [scanned(1, 2)] })
    expect(figure(index.lookup('ART-1'), 1)).toBe(2)
    // The dynamic bundle's booked choice takes it; the other choice and its components' quantities are as they were.
    const pick = index.lookup('PICK')
    expect([figure(pick, 1), figure(pick, 4)]).toEqual([2, 5])
    // The kit waits for both its booked items' figures: a part of them would be an answer no scan ever gave.
    expect(index.lookup('KIT')).toBeUndefined()
    announce('counter.itemsMoved', { items: [scanned(3, 0)] })
    const kit = index.lookup('KIT')
    expect([figure(kit, 1), figure(kit, 3)]).toEqual([2, 0])
    expect(kit?.kind === 'bundle' && kit.components.map((c) => c.quantity)).toEqual(['1', '2'])
    expect(kit?.kind === 'bundle' && Object.isFrozen(kit.components[0]!.item)).toBe(true)
    // None of them asked the host again.
    for (const code of Object.keys(answers)) await index.scan(code)
    expect(scans()).toBe(3)
    // Figures for items no kept answer waits for change nothing.
    announce('counter.itemsMoved', { items: [scanned(1, 9)] })
    expect(figure(index.lookup('ART-1'), 1)).toBe(2)
  })

  it('does not keep an answer asked for before a change that arrived while it was on its way', async () => {
    const index = useScanIndexStore()
    const pending = index.scan('ART-1')
    announce('bookings.changed', delta({ full: true }))
    await pending
    expect(index.lookup('ART-1')).toBeUndefined()
  })

  it('asks again after a while, for a change no event names (another window, the command line)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const index = useScanIndexStore()
      await index.scan('ART-1')
      vi.setSystemTime(Date.now() + KEEP_ANSWER_MS + 1)
      expect(index.lookup('ART-1')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('hands out answers that cannot be changed by the form holding them', async () => {
    const index = useScanIndexStore()
    const answer = await index.scan('ART-1')
    expect(answer.kind === 'item' && Object.isFrozen(answer.item.lots[0])).toBe(true)
  })
})

describe('the answers read ahead while the counter is open', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    return () => vi.useRealTimers()
  })

  it('reads them after the first screen, page by page, so a code never scanned here asks nothing', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS - 1)
    expect(pagesRead()).toEqual([])
    await vi.advanceTimersByTimeAsync(100)
    expect(pagesRead()).toEqual([0, 2])
    expect(request).toHaveBeenCalledWith('counter.scanIndex', { offset: 0, limit: WARM_PAGE })
    expect(await index.scan('AHEAD-3')).toEqual(item('AHEAD-3'))
    expect(await index.scan(' AHEAD-1 ')).toEqual(item('AHEAD-1'))
    expect(scans()).toBe(0)
  })

  it('forgets them at a change and reads them again at the next scan, not at the change (a save costs nothing more)', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    available -= 1
    announce('bookings.changed', delta({ removed: ['a'] }))
    expect(index.lookup('AHEAD-1')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(KEEP_ANSWER_MS)
    expect(pagesRead()).toEqual([0, 2])
    // The clerk scans again: that code asks the host; the others are read again for the next ones.
    await index.scan('ART-9')
    expect(scans()).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(pagesRead()).toEqual([0, 2, 0, 2])
    const again = index.lookup('AHEAD-2')
    expect(again?.kind === 'item' && again.item.item.available).toBe(available)
  })

  it('asks again at the next scan, in idle time, for the answers a saved booking took (not at the save), and reads nothing else again', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    await index.scan('ART-9')
    expect(scans()).toBe(1)
    available -= 1
    // Every answer here is item 1's: a booking of it takes them all, and the save asks nothing.
    announce('bookings.changed', delta({ bookings: [booking('b1', [1])] }))
    expect(index.lookup('AHEAD-1')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(KEEP_ANSWER_MS / 2)
    expect(scans()).toBe(1)
    // The next scan asks for its own code, then for the others the booking took, one by one.
    await index.scan('ART-9')
    await vi.advanceTimersByTimeAsync(100)
    expect(scans()).toBe(5)
    const again = index.lookup('AHEAD-2')
    expect(again?.kind === 'item' && again.item.item.available).toBe(available)
    await index.scan('AHEAD-3')
    expect(scans()).toBe(5)
    expect(pagesRead()).toEqual([0, 2])
  })

  it('asks nothing again at the next scan for the answers whose new figures the core sent after the save', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    available -= 1
    announce('bookings.changed', delta({ bookings: [booking('b1', [1])] }))
    announce('counter.itemsMoved', { items: [scanned(1)] })
    await index.scan('ART-9')
    await vi.advanceTimersByTimeAsync(100)
    expect(scans()).toBe(1)
    const again = index.lookup('AHEAD-2')
    expect(again?.kind === 'item' && again.item.item.available).toBe(available)
    expect(pagesRead()).toEqual([0, 2])
  })

  it('asks again first for the codes the clerk scanned, latest first, then for those only read ahead', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    // Read ahead in the order AHEAD-1, 2, 3 (an item's barcode and its code come the same way); the clerk scans two.
    await index.scan('AHEAD-3')
    await index.scan('AHEAD-2')
    expect(scans()).toBe(0)
    announce('bookings.changed', delta({ bookings: [booking('b1', [1])] }))
    await index.scan('ART-9')
    await vi.advanceTimersByTimeAsync(100)
    const asked = request.mock.calls.filter((c) => c[0] === 'counter.scan').map((c) => (c[1] as { code: string }).code)
    expect(asked.filter((code) => code.startsWith('AHEAD-'))).toEqual(['AHEAD-2', 'AHEAD-3', 'AHEAD-1'])
  })

  it('a scan of a code being asked again waits for that answer instead of asking the host a second time', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    await index.scan('AHEAD-2')
    announce('bookings.changed', delta({ bookings: [booking('b1', [1])] }))
    let answer!: (result: ScanResult) => void
    request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    // The next scan starts asking again, AHEAD-2 first (scanned here); its answer is slow to come.
    await index.scan('ART-9')
    const scanned = index.scan('AHEAD-2')
    answer(item('AHEAD-2'))
    expect(await scanned).toEqual(item('AHEAD-2'))
    const asked = request.mock.calls.filter((c) => c[0] === 'counter.scan').map((c) => (c[1] as { code: string }).code)
    expect(asked.filter((code) => code === 'AHEAD-2')).toHaveLength(1)
  })

  it('keeps nothing of a page asked for before a change that arrived while it was on its way', async () => {
    const index = useScanIndexStore()
    let answer!: (page: unknown) => void
    request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    expect(pagesRead()).toEqual([0])
    announce('catalogue.changed', { pulling: false })
    answer(aheadPage(0))
    await vi.advanceTimersByTimeAsync(100)
    expect(index.lookup('AHEAD-1')).toBeUndefined()
    expect(pagesRead()).toEqual([0])
  })

  it('reads them again before they are too old, at a scan; never once the counter is closed', async () => {
    const index = useScanIndexStore()
    index.warm()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS + 100)
    await vi.advanceTimersByTimeAsync(KEEP_ANSWER_MS - 5_000)
    expect(pagesRead()).toEqual([0, 2])
    await index.scan('AHEAD-1')
    await vi.advanceTimersByTimeAsync(100)
    expect(pagesRead()).toEqual([0, 2, 0, 2])

    index.cool()
    await vi.advanceTimersByTimeAsync(KEEP_ANSWER_MS)
    await index.scan('AHEAD-1')
    await vi.advanceTimersByTimeAsync(KEEP_ANSWER_MS)
    expect(pagesRead()).toEqual([0, 2, 0, 2])
  })

  it('reads nothing when closed before its first screen was done', async () => {
    const index = useScanIndexStore()
    index.warm()
    index.cool()
    await vi.advanceTimersByTimeAsync(WARM_AFTER_MS * 2)
    expect(pagesRead()).toEqual([])
  })
})
