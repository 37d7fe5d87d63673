import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, focusIn, startTraining, unexpectedProblems } from './support/actions'
import { bookOnService, dispatchCard, openDispatch, printed, recordPrinting, serviceBooking } from './support/bookings'
import { requestInApp } from './support/requests'

const facts = bookingFacts[101]
const stocked = facts.stockedItem
const multiLot = facts.multiLotItem

/** Types as a keyboard-wedge scanner does: the code, then Enter, into whatever holds the focus. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

const focusInScanBox = (page: Page) => focusIn(page, 'dispatch-scan')
const countField = (card: Locator, itemId: number) => card.locator(`[data-item-id="${itemId}"]`).getByTestId('card-line-count')

/** Back on the screen after a reload or a restart: the training session resumes (or is started again). */
async function backOnDispatch(page: Page): Promise<void> {
  await page.getByTestId('shell').or(page.getByTestId('start-training')).first().waitFor()
  if (await page.getByTestId('start-training').isVisible()) await startTraining(page)
  await openDispatch(page)
}

/** Nothing of the dispatch screen is wider than the window, nor needs a sideways scroll. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: string[] = []
    const root = document.querySelector('[data-testid="dispatch-view"]')
    for (const el of [root, ...(root?.querySelectorAll('*') ?? [])]) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue
      const box = el.getBoundingClientRect()
      const name = el.dataset.testid ?? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`
      if (box.right > width + 0.5) found.push(`${name} ends at ${Math.round(box.right)} > ${width}`)
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        getComputedStyle(el).overflowX !== 'visible' &&
        getComputedStyle(el).overflowX !== 'hidden'
      ) {
        found.push(`${name} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`)
      }
    }
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`)
    return found
  })
}

describe('dispatch: counts kept and typed, the view in the preferences, grouped slips, the list at 1024', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('keeps a count through a restart of the app, counts N*CODE (refusing more than is left), takes a typed 2,5 on a weighed line, and forgets it once shipped', async () => {
    const { page, problems, trainingService, restartHost } = app()
    await startTraining(page)
    const id = await bookOnService(await trainingService(), '2099-01-08', [
      { item_id: stocked.id, booked_quantity: '3', lot_id: stocked.lotId },
      { item_id: multiLot.id, booked_quantity: '2.5', lot_id: multiLot.lots[1]!.id },
    ])
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('station-later').click()
    await openDispatch(page)
    await dispatchCard(page, id).waitFor()

    // Two of the three units picked and scanned...
    await scan(page, String(id))
    const card = dispatchCard(page, id)
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    await scan(page, stocked.code)
    await scan(page, stocked.code)
    await expect.poll(() => countField(card, stocked.id).inputValue()).toBe('2')
    // Kept by the core as it is counted (shown at once, saved behind): the second unit's save is in.
    await expect
      .poll(async () => Object.values((await requestInApp(page, 'dispatch.ticks')).ticks).flatMap((t) => Object.values(t)))
      .toContain('2')

    // ...then the app is closed hard (or crashes) and started again: the count is still there.
    await restartHost()
    await backOnDispatch(page)
    await expectText(card.locator(`[data-item-id="${stocked.id}"]`).getByTestId('card-line-ticks'), 'Verificadas: 2 de 3')
    await scan(page, String(id))
    await expect.poll(() => countField(card, stocked.id).inputValue()).toBe('2')
    await expectText(page.getByTestId('dispatch-active-progress'), 'Líneas verificadas: 0 de 2')

    // 5*CODE would be more than the one unit left: refused whole, nothing counted; 1*CODE fills the line.
    await scan(page, `5*${stocked.code}`)
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      `${stocked.code}: quedan 1 por verificar; no se cuentan 5. Escriba en la línea la cantidad contada.`,
    )
    expect(await countField(card, stocked.id).inputValue()).toBe('2')
    await scan(page, `1*${stocked.code}`)
    await expect.poll(() => countField(card, stocked.id).inputValue()).toBe('3')

    // The weighed line (2.5) cannot be scanned unit by unit: from the scan box, ↓ reaches the line's count and it is typed.
    expect(await focusInScanBox(page)).toBe(true)
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('card-line-count')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.type('9')
    await page.keyboard.press('Enter')
    // More than booked: refused, the field shows what is kept, and the focus is back in the scan box.
    await expectText(page.getByTestId('dispatch-scan-feedback'), `${multiLot.code}: se reservaron 2.5; no se puede verificar más.`)
    expect(await countField(card, multiLot.id).inputValue()).toBe('0')
    await expect.poll(() => focusInScanBox(page)).toBe(true)
    await countField(card, multiLot.id).focus()
    await page.keyboard.type('2,5')
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('dispatch-scan-feedback'), `${multiLot.code}: 2.5 de 2.5`)
    await expect.poll(() => countField(card, multiLot.id).inputValue()).toBe('2.5')
    await expectText(page.getByTestId('dispatch-active-progress'), 'Líneas verificadas: 2 de 2')
    await expect.poll(() => focusInScanBox(page)).toBe(true)
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'dispatch-20-count-typed-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'dispatch-21-count-typed-1024')

    // A reload keeps the typed decimal too.
    await page.reload()
    await backOnDispatch(page)
    await expectText(card.locator(`[data-item-id="${multiLot.id}"]`).getByTestId('card-line-ticks'), 'Verificadas: 2.5 de 2.5')

    // Shipped: the count goes with it (also from the core: after a restart nothing of it is read back).
    await page.getByTestId('dispatch-scan').locator('input').focus()
    await scan(page, String(id))
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    await page.keyboard.press('Enter')
    expect(await page.getByTestId('ship-unchecked').count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ship-confirm')
    await page.keyboard.press('Enter')
    // The restarted host runs its own training service: ask it, not the one before the restart.
    const serviceNow = await trainingService()
    await expect.poll(() => serviceBooking(serviceNow, id), { timeout: 20_000 }).toEqual({ shipped: true, delivered: false })
    await restartHost()
    await backOnDispatch(page)
    await page.getByTestId('dispatch-tab-inTransitOut').click()
    await dispatchCard(page, id).waitFor()
    expect(await dispatchCard(page, id).getByTestId('card-line-ticks').count()).toBe(0)

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('moves the old list choice of this window into the preferences, which follow the user across restarts', async () => {
    const { page, problems, restartHost } = app()
    // What an earlier version left in the window's storage.
    await page.evaluate(() => window.localStorage.setItem('mostrador.dispatch.view', 'list'))
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)
    await page.getByTestId(`dispatch-row-${facts.bookings.open}`).waitFor()
    // Read once and moved: the window keeps it no more.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('mostrador.dispatch.view'))).toBeNull()

    await restartHost()
    await backOnDispatch(page)
    await page.getByTestId(`dispatch-row-${facts.bookings.open}`).waitFor()
    expect(await dispatchCard(page, facts.bookings.open).count()).toBe(0)

    // Back to cards, and the next start shows cards: the preference, not the window, decides.
    await page.getByTestId('dispatch-view-cards').click()
    await dispatchCard(page, facts.bookings.open).waitFor()
    await restartHost()
    await backOnDispatch(page)
    await dispatchCard(page, facts.bookings.open).waitFor()
    expect(await page.getByTestId(`dispatch-row-${facts.bookings.open}`).count()).toBe(0)
    expect(await page.evaluate(() => window.localStorage.getItem('mostrador.dispatch.view'))).toBeNull()

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('prints the same item and lot twice as one line of the summed quantity, as the card shows it', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    const id = await bookOnService(service, '2099-01-09', [
      { item_id: stocked.id, booked_quantity: '2', lot_id: stocked.lotId },
      { item_id: multiLot.id, booked_quantity: '1', lot_id: multiLot.lots[1]!.id },
      { item_id: stocked.id, booked_quantity: '1.5', lot_id: stocked.lotId },
    ])
    await openDispatch(page)
    await recordPrinting(page)
    const card = dispatchCard(page, id)
    await card.waitFor()
    expect(await card.getByTestId('card-line').count()).toBe(2)
    await card.getByTestId('card-print').click()
    await expect.poll(() => printed(page)).toHaveLength(1)
    const slip = page.getByTestId('booking-slip')
    expect(await slip.getByTestId('slip-line').count()).toBe(2)
    const stockedRow = slip
      .getByTestId('slip-line')
      .filter({ has: page.getByTestId('slip-line-code').getByText(stocked.code, { exact: true }) })
    // The slip is laid out for the printer only (hidden on screen): its text is what goes to paper.
    expect((await stockedRow.getByTestId('slip-line-quantity').textContent())?.trim()).toBe('3.5')
    expect((await printed(page))[0]).toContain('Líneas: 2 · Unidades: 4.5')

    expect(unexpectedProblems(problems)).toEqual([])
  })

  for (const width of [1024, 1366]) {
    it(`fits the list view in ${width}×768, a booking without transport with all its actions included`, async () => {
      const { page, problems, trainingService } = app()
      await startTraining(page)
      const service = await trainingService()
      // A long destination-less, transport-less booking with a reference: the widest row the warehouse meets.
      await bookOnService(service, '2020-01-06', [{ item_id: stocked.id, booked_quantity: '1', lot_id: stocked.lotId }], false)
      await page.setViewportSize({ width, height: 768 })
      await page.getByTestId('station-later').click()
      await openDispatch(page)
      await page.getByTestId('dispatch-view-list').click()
      const row = page.getByTestId(`dispatch-row-${facts.bookings.noTransport}`)
      await row.waitFor()
      // Ship, deliver (no transport: delivered straight away) and print, all on screen.
      for (const action of ['row-ship', 'row-deliver', 'row-print']) {
        const box = await row.getByTestId(action).boundingBox()
        expect(box, action).not.toBeNull()
        expect((box?.x ?? 0) + (box?.width ?? 0), action).toBeLessThanOrEqual(width)
      }
      expect(await overflowing(page)).toEqual([])
      await screenshot(page, `dispatch-3${width === 1024 ? 0 : 1}-list-${width}`)

      // Opened by a scan, the booking's card with its count fields sits above the rows: that fits too.
      await page.getByTestId('dispatch-scan').locator('input').focus()
      await scan(page, String(facts.bookings.noTransport))
      await page.locator('[data-active="true"]').getByTestId('card-line-count').first().waitFor()
      await page.getByTestId(`dispatch-row-${facts.bookings.noTransport}`).scrollIntoViewIfNeeded()
      expect(await overflowing(page)).toEqual([])
      await screenshot(page, `dispatch-3${width === 1024 ? 2 : 3}-list-open-${width}`)

      // In English (longer words) it fits as well, and the count field says what it is.
      await page.getByTestId('language-en').click()
      await expectText(page.getByTestId('dispatch-tab-toShip'), /To ship/)
      const label = page.locator('[data-active="true"]').getByTestId('card-line-ticks').first()
      await expectText(label, /^Checked:\s*of \d+$/)
      expect(await page.locator('[data-active="true"]').getByTestId('card-line-count').first().getAttribute('aria-label')).toMatch(
        /^Checked quantity of /,
      )
      expect(await overflowing(page)).toEqual([])
      await screenshot(page, `dispatch-3${width === 1024 ? 4 : 5}-list-open-en-${width}`)

      expect(unexpectedProblems(problems)).toEqual([])
    })
  }
})
