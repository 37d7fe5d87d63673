import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { expectText, focusIn, inView, startTraining, unexpectedProblems } from './support/actions'
import { bookOnService, type ServiceLine, dispatchCard, openDispatch, serviceBooking } from './support/bookings'
import { refuseInApp } from './support/requests'

const facts = bookingFacts[101]
const stocked = facts.stockedItem
const multiLot = facts.multiLotItem

/** Types as a keyboard-wedge scanner does: the code, then Enter, into whatever holds the focus. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

const twiceSameLot: ServiceLine[] = [
  { item_id: stocked.id, booked_quantity: '2', lot_id: stocked.lotId },
  { item_id: multiLot.id, booked_quantity: '1', lot_id: multiLot.lots[1]!.id },
  { item_id: stocked.id, booked_quantity: '1', lot_id: stocked.lotId },
]

describe('dispatch: grouped lines, overdue marks, list view, scan-to-ship and scan-to-deliver', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('shows the same item twice as one line, marks the overdue booking, and keeps the list view across a reload', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    const late = await bookOnService(service, '2020-01-06', twiceSameLot)
    const future = await bookOnService(service, '2099-01-06', [{ item_id: stocked.id, booked_quantity: '1', lot_id: stocked.lotId }])
    await page.setViewportSize({ width: 1366, height: 768 })
    // The station is asked for later: this test looks at the screen a set-up warehouse sees.
    await page.getByTestId('station-later').click()
    await openDispatch(page)

    const card = dispatchCard(page, late)
    await card.waitFor()
    // Two lines of the stocked item's lot are one line of 3; the other item stays its own line.
    expect(await card.getByTestId('card-line').count()).toBe(2)
    await expectText(card.locator(`[data-item-id="${stocked.id}"]`).getByTestId('card-line-qty'), '3 ×')
    await expectText(card.getByTestId('card-overdue'), 'Atrasada')
    await dispatchCard(page, future).waitFor()
    expect(await dispatchCard(page, future).getByTestId('card-overdue').count()).toBe(0)
    await screenshot(page, 'dispatch-10-cards-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'dispatch-11-cards-1024')

    // The list: one short row per booking, the same overdue mark, the grouped line count.
    await page.getByTestId('dispatch-view-list').click()
    const row = page.getByTestId(`dispatch-row-${late}`)
    await row.waitFor()
    await expectText(row.getByTestId('row-overdue'), 'Atrasada')
    await expectText(row.getByTestId('row-lines'), '2')
    await expectText(row.getByTestId('row-units'), '4')
    expect(await page.getByTestId(`dispatch-row-${future}`).getByTestId('row-overdue').count()).toBe(0)
    const rows = page.getByTestId('dispatch-list-toShip').locator('tbody tr')
    expect(await rows.count()).toBe(facts.openBookingsInList + 2)
    const box = await row.boundingBox()
    expect(box?.height ?? 999).toBeLessThan(64)
    await screenshot(page, 'dispatch-12-list-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    // At 1366×768 every one of the day's bookings is on screen at once (cards showed two).
    const last = await rows.last().boundingBox()
    expect((last?.y ?? 9999) + (last?.height ?? 0)).toBeLessThanOrEqual(768)
    await screenshot(page, 'dispatch-13-list-1366')

    // The choice is this computer's: after a reload the list is back.
    await page.reload()
    await page.getByTestId('shell').or(page.getByTestId('start-training')).first().waitFor()
    if (await page.getByTestId('start-training').isVisible()) await startTraining(page)
    await openDispatch(page)
    await page.getByTestId(`dispatch-row-${late}`).waitFor()
    expect(await page.getByTestId(`dispatch-card-${late}`).count()).toBe(0)

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('opens a booking by scanning its slip, ticks its lines per unit, refuses one over, and Enter ships it', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    const id = await bookOnService(service, '2099-01-07', twiceSameLot)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)
    await dispatchCard(page, id).waitFor()

    // Bookings are named as everywhere: the number, with this computer's local reference beside it.
    // The scan box has the focus on arrival: the slip's barcode (its number) opens the booking.
    expect(await focusIn(page, 'dispatch-scan')).toBe(true)
    // An item before any slip: nothing to tick, and it says what to scan first.
    await scan(page, stocked.code)
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      `${stocked.code} no es el número de una reserva: escanee primero un albarán.`,
    )
    await scan(page, String(id))
    const card = dispatchCard(page, id)
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    await expectText(page.getByTestId('dispatch-active'), new RegExp(`^${id}`))
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      new RegExp(`^Reserva ${id}( · \\w+)? abierta: escanee sus artículos \\(opcional\\); Intro para dar salida\\.$`),
    )

    // Three scans of the stocked item fill its line of 3; the fourth is refused and not counted.
    const stockedLine = card.locator(`[data-item-id="${stocked.id}"]`)
    await scan(page, stocked.code)
    await expect.poll(() => stockedLine.getByTestId('card-line-count').inputValue()).toBe('1')
    await expectText(page.getByTestId('dispatch-scan-feedback'), `${stocked.code}: 1 de 3`)
    await scan(page, stocked.code)
    await scan(page, stocked.code)
    await expect.poll(() => stockedLine.getByTestId('card-line-count').inputValue()).toBe('3')
    await scan(page, stocked.code)
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      `${stocked.code}: ya se verificaron las 3 unidades reservadas. No se cuenta una más.`,
    )
    expect(await page.getByTestId('dispatch-scan-feedback').getAttribute('data-type')).toBe('warning')
    await expect.poll(() => stockedLine.getByTestId('card-line-count').inputValue()).toBe('3')
    await expectText(page.getByTestId('dispatch-active-progress'), 'Líneas verificadas: 1 de 2')
    // The line not scanned yet says so (its count field, where a count can also be typed): what is still to pick is seen at a glance.
    await expect.poll(() => card.locator(`[data-item-id="${multiLot.id}"]`).getByTestId('card-line-count').inputValue()).toBe('0')
    // A code that is no line of this booking is refused with the booking named.
    await scan(page, 'NO-SUCH-CODE')
    await expectText(page.getByTestId('dispatch-scan-feedback'), new RegExp(`^NO-SUCH-CODE no está en la reserva ${id}( · \\w+)?\\.$`))
    // A code the catalogue on this computer could not be asked about (its file damaged) is not counted, and not
    // called off the booking either.
    const letThrough = await refuseInApp(page, 'counter.scan', 'internal', 'SqliteError: database disk image is malformed')
    await scan(page, '7409999999995')
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      'Código 7409999999995: no se pudo buscar en el catálogo de esta computadora. No se contó; vuelva a escanearlo o cuente a mano.',
    )
    await screenshotAtBothWidths(page, 'dispatch-scan-not-checked')
    await letThrough()

    // In the list view the opened booking keeps its card (with the ticks) above the rows.
    await page.getByTestId('dispatch-view-list').click()
    await expect.poll(() => card.locator(`[data-item-id="${stocked.id}"]`).getByTestId('card-line-count').inputValue()).toBe('3')
    await expectText(page.getByTestId(`dispatch-row-${id}`).getByTestId('row-checked'), '1/2')
    await screenshot(page, 'dispatch-14-scan-list-1366')
    await page.getByTestId('dispatch-scan').locator('input').focus()

    // Verification is optional: Enter on the empty box asks to ship, says what is unchecked, and Enter confirms.
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('ship-unchecked'), 'Solo 1 de 2 líneas están verificadas. Puede dar salida de todos modos.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ship-confirm')
    await screenshot(page, 'dispatch-15-scan-ship-dialog')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId(`dispatch-row-${id}`).count()).toBe(0)
    await expect.poll(() => serviceBooking(service, id), { timeout: 20_000 }).toEqual({ shipped: true, delivered: false })
    // Ready for the next slip.
    await expect.poll(() => focusIn(page, 'dispatch-scan')).toBe(true)
    expect(await page.getByTestId('dispatch-active').count()).toBe(0)

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('at the receiving door, scanning an incoming slip opens it on its tab and Enter, Enter delivers it', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    await openDispatch(page)
    const incoming = facts.bookings.inTransitIncoming

    await scan(page, String(incoming))
    await expect.poll(() => page.getByTestId('dispatch-tab-inTransitIn').getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => dispatchCard(page, incoming).getAttribute('data-active')).toBe('true')
    await expectText(
      page.getByTestId('dispatch-scan-feedback'),
      new RegExp(`^Reserva ${incoming}( · \\w+)? abierta: llegó a su agencia; Intro para entregar\\.$`),
    )
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('deliver-dialog'), `reserva ${incoming}`)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('deliver-confirm')
    await page.keyboard.press('Enter')
    await expect.poll(() => dispatchCard(page, incoming).count()).toBe(0)
    await expect.poll(() => serviceBooking(service, incoming), { timeout: 20_000 }).toEqual({ shipped: true, delivered: true })
    await expect.poll(() => focusIn(page, 'dispatch-scan')).toBe(true)

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('keeps the scan box, its answer and the booking a slip opened in view while its items are scanned', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    // Due after the day's open bookings, so its card is the last: below the fold at 1024×768.
    const ids: number[] = []
    for (const day of ['2099-02-01', '2099-02-02', '2099-02-03'])
      ids.push(await bookOnService(service, day, [{ item_id: stocked.id, booked_quantity: '2', lot_id: stocked.lotId }]))
    const id = ids.at(-1)!
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('station-later').click()
    await openDispatch(page)
    // The pointer rests on the status bar, as a clerk with a scanner leaves it (not over a menu's tooltip).
    await page.mouse.move(500, 760)
    const card = dispatchCard(page, id)
    await card.waitFor()
    expect(await inView(card)).toBe(false)

    const box = page.getByTestId('dispatch-scan')
    const feedback = page.getByTestId('dispatch-scan-feedback')
    await scan(page, String(id))
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    await expect.poll(() => inView(card.getByTestId('card-line').first())).toBe(true)
    expect(await inView(box)).toBe(true)
    // Polled: the menu's tooltip, left by the click that opened the screen, fades over the answer's start.
    await expect.poll(() => inView(feedback)).toBe(true)
    // Typing the next scan into the box must not scroll the booking away again.
    const line = card.locator(`[data-item-id="${stocked.id}"]`)
    await scan(page, stocked.code)
    await expect.poll(() => line.getByTestId('card-line-count').inputValue()).toBe('1')
    await expectText(feedback, `${stocked.code}: 1 de 2`)
    // Chromium scrolls a focused field's caret into view a moment after a key: wait past it.
    await page.waitForTimeout(300)
    expect(await inView(line)).toBe(true)
    expect(await inView(box)).toBe(true)
    expect(await inView(feedback)).toBe(true)
    await screenshot(page, 'dispatch-16-scan-in-view-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await scan(page, stocked.code)
    await expect.poll(() => line.getByTestId('card-line-count').inputValue()).toBe('2')
    await page.waitForTimeout(300)
    expect(await inView(line)).toBe(true)
    expect(await inView(box)).toBe(true)
    await screenshot(page, 'dispatch-17-scan-in-view-1366')
    // A slip whose card is now above, partly under the bar: scrolled to below it.
    const first = dispatchCard(page, ids[0]!)
    await scan(page, String(ids[0]))
    await expect.poll(() => first.getAttribute('data-active')).toBe('true')
    await expect.poll(() => inView(first.getByTestId('card-line').first())).toBe(true)
    expect(await inView(first.getByTestId('card-number'))).toBe(true)

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
