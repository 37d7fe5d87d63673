import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { chooseDestination, expectText, openNewBooking, startTraining, text, unexpectedProblems } from './support/actions'
import { scan } from './support/catalogue'
import { requestInApp } from './support/requests'

// Issue 33: a picture of the booking on New booking, offered once the booking is saved (offline here), taken with
// Chromium's fake camera, and shown with its own state on the offer, the bookings list and the Sync centre.
const facts = bookingFacts[101]

/** Chooses the destination and types a reference while the line is up (the destinations are read then), then scans one item. */
async function typeOneBooking(page: Page, reference: string): Promise<void> {
  await chooseDestination(page)
  await page.getByTestId('booking-reference').locator('input').fill(reference)
  await page.keyboard.press('F2')
  await scan(page, facts.stockedItem.code)
  await expect.poll(() => page.getByTestId('booking-line').count()).toBe(1)
}

describe('new booking: a picture of the booking just saved', () => {
  const app = useFreshApp({ fakeCamera: true })

  it(
    'offers it after an offline save (button and F8), takes it with the camera and shows it waiting, then sent',
    { timeout: 90_000 },
    async () => {
      const { page, problems } = app()
      await startTraining(page)
      await page.setViewportSize({ width: 1366, height: 768 })
      await openNewBooking(page)
      await typeOneBooking(page, 'E2E foto de reserva')

      // Nothing saved yet: nothing offered, and F8 opens nothing.
      expect(await page.getByTestId('booking-saved-offer').count()).toBe(0)
      await page.keyboard.press('F8')
      expect(await page.getByTestId('picture-dialog').count()).toBe(0)

      // The line drops; the booking is saved on this computer all the same.
      const offline = page.getByTestId('training-offline')
      await offline.click()
      await expect.poll(() => offline.getAttribute('aria-checked')).toBe('true')
      await page.keyboard.press('F2')
      await page.keyboard.press('Control+Enter')
      const offer = page.getByTestId('booking-saved-offer')
      await offer.waitFor()
      await expectText(offer.getByTestId('booking-saved-number'), /^Reserva .+ guardada\.$/)
      await expectText(offer.getByTestId('booking-saved-picture'), 'Añadir foto F8')
      // The save was not held for the picture: the form is empty and ready for the next customer.
      await expect.poll(() => page.getByTestId('booking-line').count()).toBe(0)
      await screenshot(page, 'new-booking-picture-offer-1366x768')
      await page.setViewportSize({ width: 1024, height: 768 })
      await screenshot(page, 'new-booking-picture-offer-1024x768')

      // F8 from the scan box, where the cursor went back after the save.
      await page.keyboard.press('F8')
      const dialog = page.getByTestId('picture-dialog')
      await expectText(dialog, /Foto de la reserva de /)
      await expect.poll(() => dialog.getAttribute('data-camera'), { timeout: 10_000 }).toBe('live')
      await expect.poll(() => page.getByTestId('picture-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
      await screenshot(page, 'new-booking-picture-dialog-1024x768')
      await page.getByTestId('picture-take').click()
      await page.getByTestId('picture-preview').waitFor()
      await page.getByTestId('picture-attach').click()
      await dialog.waitFor({ state: 'hidden' })

      const note = offer.getByTestId('picture-note-booking')
      await expectText(note, /Foto de la reserva: tomada por .+, /)
      expect(await note.getAttribute('data-state')).toBe('waiting')
      await expectText(offer.getByTestId('booking-saved-picture'), 'Cambiar la foto F8')
      await page.setViewportSize({ width: 1366, height: 768 })
      await screenshot(page, 'new-booking-picture-attached-1366x768')

      // Kept in the core for that booking, at its step.
      const [booking] = (await requestInApp(page, 'bookings.list')).filter((b) => b.reference === 'E2E foto de reserva')
      expect(booking).toBeDefined()
      const kept = await requestInApp(page, 'bookings.pictures', { id: booking!.localId })
      expect(kept.map((p) => [p.step, p.state, p.mime])).toEqual([['booking', 'waiting', 'image/jpeg']])

      // The bookings list says the booking has a picture, and that it waits.
      await page.getByTestId('menu-bookings').click()
      const row = page.locator('[data-testid="booking-row"]', { hasText: 'E2E foto de reserva' })
      const mark = row.getByTestId('picture-note-booking')
      await expectText(mark, 'Foto de la reserva')
      expect(await mark.getAttribute('data-state')).toBe('waiting')
      await screenshot(page, 'bookings-list-picture-waiting-1366x768')

      // The line comes back: the booking is sent, then its picture; the Sync centre and the list follow.
      await offline.click()
      await expect.poll(() => offline.getAttribute('aria-checked')).toBe('false')
      await page.getByTestId('menu-syncCentre').click()
      await page.getByTestId('sync-now').click()
      const listed = page.getByTestId('sync-pictures').locator('[data-picture]')
      await expect.poll(() => listed.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent')
      await expectText(listed.getByTestId('picture-step'), 'Al reservar')
      await page.getByTestId('menu-bookings').click()
      await expect.poll(() => mark.getAttribute('data-state'), { timeout: 10_000 }).toBe('sent')
      expect(await text(row.getByTestId('booking-number'))).toMatch(/^\d+ · /)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
