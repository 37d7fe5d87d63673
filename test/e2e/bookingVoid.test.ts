import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { startTraining, unexpectedProblems } from './support/actions'

// Issue 29, item 4: a booking is voided (annulled) as the real web app does it: the service keeps it,
// marked voided, and its stock is free again.
const facts = bookingFacts[101]

describe('bookings: void', () => {
  const app = useFreshApp()

  it('voids a booking from the list after asking; the service shows it voided', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    await page.getByTestId('menu-bookings').click()
    const row = page.locator(`[data-testid="booking-row"][data-service-id="${facts.bookings.open}"]`)
    await row.waitFor()
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.waitForTimeout(600)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await screenshot(page, 'bookings-void-1024')
    await row.getByTestId('booking-void').click()
    await page.locator('.n-dialog', { hasText: 'Anular la reserva' }).waitFor()
    await page.locator('.n-dialog .n-button--warning-type, .n-dialog .n-button--primary-type').last().click()
    await row.waitFor({ state: 'detached' })
    await expect
      .poll(
        async () => {
          const res = await fetch(`${service.url}/pos/bookings/${facts.bookings.open}.json`, {
            headers: { 'X-User-Email': service.email, 'X-User-Token': service.token, Accept: 'application/json' },
          })
          return ((await res.json()) as { voided: boolean }).voided
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
