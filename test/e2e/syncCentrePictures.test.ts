import { describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { solidPng } from '../support/sampleImages'
import { useFreshApp } from './support/app'
import { useProxiedSandbox } from './support/proxiedSandbox'
import { screenshot } from './support/artifacts'
import { expectText, signInTo, unexpectedProblems } from './support/actions'
import { createBookingInApp, openDispatch } from './support/bookings'
import { requestInApp } from './support/requests'

// Issue 33: the Sync centre lists each booking picture with its own state beside the bookings' entries (a
// waiting, a sent and a refused one here), each with its thumbnail, and a refused one can be dismissed
// without touching its booking.
const facts = bookingFacts[101]
const sentOf = facts.bookings.open
const refusedOf = facts.bookings.noTransport
const base64 = (rgb: [number, number, number]) => solidPng(24, rgb).toString('base64')

/** The service refuses the refused booking's picture as too large, and any new booking's create (its picture waits). */
function refusing(req: IncomingMessage) {
  const url = req.url ?? ''
  if (req.method === 'POST' && url.startsWith('/pos/bookings.json')) return { status: 503, body: { error: 'down' } }
  if (
    req.method === 'PATCH' &&
    url.startsWith(`/pos/bookings/${refusedOf}.json`) &&
    String(req.headers['content-type']).startsWith('multipart/')
  )
    return { status: 422, body: { delivery_image: ['el tamaño del archivo debe ser menor que 5 MB'] } }
  return null
}

describe('sync centre: the booking pictures', () => {
  const proxied = useProxiedSandbox()
  const app = useFreshApp()

  it('shows a waiting, a sent and a refused picture with thumbnails, and dismisses the refused one', async () => {
    const { page, problems } = app()
    const { sandbox, proxy } = proxied()
    await page.setViewportSize({ width: 1366, height: 768 })
    await signInTo(page, proxy.url, sandbox.users[0]!)
    await openDispatch(page)
    proxy.intercept = refusing

    const waitingOf = await createBookingInApp(page, {
      agencyToId: facts.sameCategoryAgency,
      plannedDelivery: '2026-12-01',
      reference: 'E2E picture waits',
      lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
    })
    await requestInApp(page, 'bookings.attachPicture', { id: waitingOf, step: 'booking', base64: base64([220, 180, 40]) })
    await requestInApp(page, 'bookings.attachPicture', { id: String(sentOf), step: 'shipping', base64: base64([40, 140, 220]) })
    await requestInApp(page, 'bookings.attachPicture', {
      id: String(refusedOf),
      step: 'delivery',
      base64: base64([200, 40, 40]),
      takenBy: 'Rosa Pérez',
    })

    await page.getByTestId('menu-syncCentre').click()
    await page.getByTestId('syncCentre-view').waitFor()
    await page.getByTestId('sync-now').click()
    const section = page.getByTestId('sync-pictures')
    const row = (state: string) => section.locator(`[data-picture][data-state="${state}"]`)
    // The screen follows the core's announcements: no reload, no polling.
    await expect.poll(() => row('sent').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => row('refused').count(), { timeout: 20_000 }).toBe(1)
    expect(await row('waiting').count()).toBe(1)
    // The create of the waiting one's booking is in the outbox beside it.
    await page.getByTestId('sync-waiting').waitFor()

    await expectText(row('sent').getByTestId('picture-number'), String(sentOf))
    await expectText(row('sent').getByTestId('picture-step'), 'Al despachar')
    await expectText(row('sent').getByTestId('picture-state'), 'Enviada')
    await expectText(row('waiting').getByTestId('picture-state'), 'Esperando envío')
    await expectText(row('waiting').getByTestId('picture-step'), 'Al reservar')
    const refused = row('refused')
    await expectText(refused.getByTestId('picture-number'), String(refusedOf))
    await expectText(refused.getByTestId('picture-state'), 'Rechazada por el servicio')
    await expectText(refused.getByTestId('picture-taken'), /^Tomada por Rosa Pérez, /)
    await expectText(refused.getByTestId('picture-reason-message'), 'Foto: Debe ser menor que 5 MB.')
    await refused.getByTestId('picture-reason-detail').locator('summary').click()
    await expectText(refused.getByTestId('technical-details-text'), 'el tamaño del archivo debe ser menor que 5 MB')
    // Every thumbnail shows the picture's own bytes.
    for (const state of ['waiting', 'sent', 'refused']) {
      const img = row(state).getByTestId('picture-thumb').locator('img')
      await img.waitFor()
      expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(24)
    }
    // Only a refused picture offers to be dismissed.
    expect(await section.getByTestId('picture-dismiss').count()).toBe(1)
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'sync-20-pictures-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'sync-21-pictures-1024')

    // Dismissed by the keyboard after asking: the picture goes, its booking stays as it was.
    const before = await requestInApp(page, 'bookings.get', { id: String(refusedOf) })
    await refused.getByTestId('picture-dismiss').focus()
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('picture-dismiss-dialog'), `La foto rechazada (Al entregar) de la reserva ${refusedOf}`)
    await screenshot(page, 'sync-22-picture-dismiss-1024')
    await page.keyboard.press('Enter')
    await expect.poll(() => row('refused').count()).toBe(0)
    expect(await row('sent').count()).toBe(1)
    expect(await requestInApp(page, 'bookings.get', { id: String(refusedOf) })).toEqual(before)
    expect((await requestInApp(page, 'bookings.pictures', { id: String(refusedOf) })).length).toBe(0)

    proxy.intercept = () => null
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
