import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch, printed, recordPrinting, serviceBooking } from './support/bookings'

const facts = bookingFacts[101]

describe('dispatch screen', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('ships two open bookings together, moves them to in transit, prints their manifest, and the service has them shipped', async () => {
    const { page, problems, trainingService } = app()
    const service = await trainingService()
    await startTraining(page)
    await openDispatch(page)
    await recordPrinting(page)

    const open = dispatchCard(page, facts.bookings.open)
    const withBundle = dispatchCard(page, facts.bookings.withBundle)
    await open.waitFor()
    await withBundle.waitFor()
    // The card shows what the warehouse picks: lines with lots, the other end, the age.
    expect(await open.getByTestId('card-line').count()).toBeGreaterThan(0)
    await expectText(open.getByTestId('card-other'), /^Para /)
    await expectText(open.getByTestId('card-age'), /^Creada hace /)
    await expectText(open.getByTestId('sync-state'), 'Sincronizada')
    expect(await page.getByTestId('dispatch-list-toShip').locator('[data-local-id]').count()).toBe(facts.openBookingsInList)
    await screenshot(page, 'dispatch-01-to-ship')

    await open.getByTestId('card-select').click()
    await withBundle.getByTestId('card-select').click()
    await expectText(page.getByTestId('dispatch-ship-selected'), 'Despachar seleccionadas (2)')
    await page.getByTestId('dispatch-ship-selected').click()
    await expectText(page.getByTestId('ship-dialog'), '¿Dar salida a 2 reservas?')
    await page.getByTestId('ship-confirm').click()

    // The manifest of the two shipped together is offered and printed.
    await page.getByTestId('manifest-print').click()
    await expect.poll(() => printed(page)).toHaveLength(1)
    const [manifest] = await printed(page)
    expect(manifest).toContain('Manifiesto de despacho')
    expect(manifest).toContain(`Reserva ${facts.bookings.open} →`)
    expect(manifest).toContain(`Reserva ${facts.bookings.withBundle} →`)
    expect(manifest).toMatch(/Reservas: 2 · Líneas: \d+ · Unidades: \d+/)
    expect(await page.getByTestId('dispatch-manifest').getByTestId('slip-barcode').count()).toBe(2)

    // Gone from "to ship", in "in transit: outgoing", and confirmed by the service.
    await expect.poll(() => open.count()).toBe(0)
    await page.getByTestId('dispatch-tab-inTransitOut').click()
    await dispatchCard(page, facts.bookings.open).waitFor()
    await dispatchCard(page, facts.bookings.withBundle).waitFor()
    // The push runs behind the screen: on a loaded machine it can take longer than a text's usual wait.
    for (const booking of [facts.bookings.open, facts.bookings.withBundle])
      await expect.poll(() => text(dispatchCard(page, booking).getByTestId('sync-state')), { timeout: 45_000 }).toBe('Sincronizada')
    expect(await serviceBooking(service, facts.bookings.open)).toEqual({ shipped: true, delivered: false })
    expect(await serviceBooking(service, facts.bookings.withBundle)).toEqual({ shipped: true, delivered: false })
    await screenshot(page, 'dispatch-02-in-transit')

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('delivers an incoming shipment, filters by origin, and says so when the service cannot be read', async () => {
    const { page, problems, trainingService, stopTrainingService } = app()
    const service = await trainingService()
    await startTraining(page)
    await openDispatch(page)

    // The scan box holds the focus on arrival (scanners type there); Esc leaves it, then 3 opens the third tab.
    await page.keyboard.press('Escape')
    await page.keyboard.press('3')
    await expect.poll(() => page.getByTestId('dispatch-tab-inTransitIn').getAttribute('aria-selected')).toBe('true')
    const incoming = dispatchCard(page, facts.bookings.inTransitIncoming)
    const fromSameCategory = dispatchCard(page, facts.bookings.inTransitFromSameCategory)
    await incoming.waitFor()
    await fromSameCategory.waitFor()
    await expectText(incoming.getByTestId('card-other'), /^De /)

    // Filtering by the incoming one's origin leaves the other out.
    const origin = (await text(incoming.getByTestId('card-other'))).replace(/^De /, '')
    await page.getByTestId('dispatch-filter-agency').click()
    await page.getByTestId('dispatch-filter-agency-menu').getByText(origin, { exact: true }).click()
    await expect.poll(() => fromSameCategory.count()).toBe(0)
    await incoming.waitFor()
    await page.getByTestId('dispatch-clear-filters').click()
    await fromSameCategory.waitFor()

    await incoming.getByTestId('card-deliver').click()
    await expectText(page.getByTestId('deliver-dialog'), `reserva ${facts.bookings.inTransitIncoming}`)
    await page.getByTestId('deliver-confirm').click()
    await expect.poll(() => incoming.count()).toBe(0)
    await page.getByTestId('dispatch-tab-delivered').click()
    const delivered = dispatchCard(page, facts.bookings.inTransitIncoming)
    await delivered.waitFor()
    await expectText(delivered.getByTestId('sync-state'), 'Sincronizada')
    expect(await serviceBooking(service, facts.bookings.inTransitIncoming)).toEqual({ shipped: true, delivered: true })
    await screenshot(page, 'dispatch-03-delivered')

    // The service goes away: the cached bookings stay and the screen says it could not read.
    await stopTrainingService()
    await page.getByTestId('dispatch-refresh').click()
    await expectText(page.getByTestId('dispatch-offline'), 'Sin conexión con el servicio')
    await delivered.waitFor()
    await screenshot(page, 'dispatch-04-offline')

    expect(unexpectedProblems(problems).filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  })

  it('prints a booking slip with its lines, lots and the barcode of its number, and only the slip goes to paper', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openDispatch(page)
    await recordPrinting(page)

    const open = dispatchCard(page, facts.bookings.open)
    await open.waitFor()
    const destination = (await text(open.getByTestId('card-other'))).replace(/^Para /, '')
    const firstLot = await text(open.getByTestId('card-line-lot').first())
    const lineCount = await open.getByTestId('card-line').count()
    await open.getByTestId('card-print').click()
    await expect.poll(() => printed(page)).toHaveLength(1)
    const [slip] = await printed(page)
    expect(slip).toContain('Albarán de reserva')
    expect(slip).toContain(`Nº ${facts.bookings.open}`)
    expect(slip).toContain(`Destino${destination}`)
    expect(slip).toContain(firstLot.replace(/^Lote /, '').split(' · ')[0])
    expect(slip).toContain('Recibido por')
    expect(slip).toContain(`Líneas: ${lineCount} ·`)
    expect(await page.getByTestId('booking-slip').getByTestId('slip-line').count()).toBe(lineCount)

    const barcode = page.getByTestId('booking-slip').getByTestId('slip-barcode')
    expect(await barcode.getAttribute('data-value')).toBe(String(facts.bookings.open))
    // JsBarcode drew bars (rects) and the human-readable number under them.
    expect(await barcode.locator('rect').count()).toBeGreaterThan(10)
    expect(await text(barcode.locator('text'))).toBe(String(facts.bookings.open))

    // On paper: the slip shows and the app does not.
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByTestId('booking-slip').isVisible()).toBe(true)
    expect(await page.getByTestId('shell').isVisible()).toBe(false)
    await screenshot(page, 'dispatch-05-slip-print')
    await page.emulateMedia({ media: 'screen' })
    expect(await page.getByTestId('booking-slip').isVisible()).toBe(false)
    expect(await page.getByTestId('shell').isVisible()).toBe(true)

    // In English the screen, the ages and the next slip follow.
    await page.getByTestId('language-en').click()
    await expectText(page.getByTestId('dispatch-tab-toShip'), 'To ship')
    await expectText(open.getByTestId('card-age'), /^Created .+ ago$/)
    await open.getByTestId('card-print').click()
    await expect.poll(() => printed(page)).toHaveLength(2)
    const english = (await printed(page))[1]
    expect(english).toContain('Booking slip')
    expect(english).toContain(`No. ${facts.bookings.open}`)
    expect(english).toContain('Received by')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
