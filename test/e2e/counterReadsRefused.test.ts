import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { refuseInApp } from './support/requests'

// Reads the core refused were shown as absences at the counter: «Nada pendiente» over an outbox never read, an
// edit whose booking was not read that saved as a new booking, a station choice that went back without a word.
const damaged = 'SqliteError: database disk image is malformed'

describe('counter: a refused read or save is said, and nothing is sent on a guess', () => {
  const app = useFreshApp()

  it('the Sync centre, the station chooser and the edit of a booking', async () => {
    const { page, problems } = app()
    // Refused from the start: the lists are read once, when the app opens.
    const letOutbox = await refuseInApp(page, 'outbox.list', 'internal', damaged)
    await startTraining(page)
    await page.getByTestId('menu-syncCentre').click()
    const loadError = page.getByTestId('sync-load-error')
    await expectText(loadError, 'No se pudo leer lo que espera en este equipo para enviarse al servicio')
    expect(await page.getByTestId('sync-empty').count()).toBe(0)
    await screenshotAtBothWidths(page, 'sync-centre-unread')
    await letOutbox()
    await loadError.getByTestId('error-retry').click()
    await loadError.waitFor({ state: 'detached' })

    const letStation = await refuseInApp(page, 'preferences.set', 'internal', damaged)
    await page.getByTestId('station-counter').click()
    await expectText(page.getByTestId('station-not-kept'), 'No se pudo guardar «Mostrador» como uso de este equipo')
    await screenshotAtBothWidths(page, 'station-not-kept')
    await letStation()

    await page.getByTestId('menu-bookings').click()
    const letBooking = await refuseInApp(page, 'bookings.get', 'internal', damaged)
    await page.getByTestId('booking-edit').first().click()
    const readError = page.getByTestId('booking-read-error')
    await expectText(readError, 'No se pudo leer la reserva que está editando')
    await page.keyboard.press('Control+Enter')
    await expectText(page.locator('.n-message'), 'No se guardó: primero hay que leer la reserva que está editando')
    await screenshotAtBothWidths(page, 'booking-edit-unread')
    await letBooking()
    await readError.getByTestId('error-retry').click()
    await readError.waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
