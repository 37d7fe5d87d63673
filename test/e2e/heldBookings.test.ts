import { describe, expect, it } from 'vitest'
import type { TrainingService } from '@base/training'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { createBookingInApp } from './support/bookings'

const facts = bookingFacts[101]

/** The training service's control door: faults, settings, clock. */
async function control(service: TrainingService, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${service.url}/__sandbox/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
}

const sameBooking = {
  agencyToId: facts.sameCategoryAgency,
  plannedDelivery: '2027-03-01',
  reference: null,
  lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
}

describe('a service that drops the memo, and a clock eleven minutes fast', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('says the clock is off, and holds two identical lost bookings for the clerk, who gives each its own', async () => {
    const { page, problems, trainingService } = app()
    const service = await trainingService()
    await control(service, 'settings', { booking_memo_kept: false })
    await control(service, 'clock', { offsetMs: -11 * 60_000 })
    await startTraining(page)
    // Every exchange shows the service's clock; the status bar says so once it is measured.
    await expectText(page.getByTestId('status-clock'), 'Reloj 11 min adelantado')

    // Both answers are lost after the service made the bookings.
    await control(service, 'faults', { dropShare: 1 })
    await createBookingInApp(page, sameBooking)
    await createBookingInApp(page, sameBooking)
    await page.getByTestId('sync-indicator').click()
    await page.getByTestId('syncCentre-view').waitFor()
    await page.getByTestId('sync-now').click()
    await expect.poll(() => page.getByTestId('sync-now').isDisabled()).toBe(false)
    await control(service, 'faults', { dropShare: 0 })
    await page.getByTestId('sync-now').click()

    const held = page.getByTestId('sync-held')
    await expectText(held, '¿Ya está en el servicio? Decida usted (2)')
    const cards = held.locator('article.held')
    await expect.poll(() => cards.count()).toBe(2)
    await expect.poll(() => cards.first().getByTestId('held-claim').count()).toBe(2)
    await expectText(page.getByTestId('sync-indicator-held'), 'Por decidir: 2')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'held-01-compare-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'held-01-compare-1366')

    // The first is the first look-alike; the second is then offered only the other one.
    await cards.first().getByTestId('held-claim').first().click()
    await expectText(page.locator('.n-message', { hasText: 'quedó unida' }), 'quedó unida a la del servicio')
    await expect.poll(() => cards.count()).toBe(1)
    await expect.poll(() => cards.first().getByTestId('held-claim').count()).toBe(1)
    await cards.first().getByTestId('held-claim').click()
    await page.getByTestId('sync-empty').waitFor()
    await expectText(page.getByTestId('sync-indicator'), 'Sincronizado')
    await screenshot(page, 'held-02-settled')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
