import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { startTraining, text, unexpectedProblems, openNewBooking } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'

// The clerk sees the age of what they see (issue 32, requirement 5): the status bar and the catalogue say how
// old the stock figures are, and once they pass the freshness limit (2 h) the bar, the booking's lines and the
// catalogue mark them, on screens left open as the hours go by.
const facts = bookingFacts[101]

describe('the age of the stock figures', () => {
  const app = useFreshApp()

  it('is in the status bar and the catalogue, and marked there and on the lines once past the limit', { timeout: 120_000 }, async () => {
    const { page, problems } = app()
    // The page's clock, so that three hours pass in a moment (the core's stays real: the figures do not change).
    await page.clock.install()
    await page.reload()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await openNewBooking(page)
    await scan(page, facts.stockedItem.code)
    const age = page.getByTestId('status-stock-age')
    const available = page.getByTestId('booking-line-available').first()
    await expect.poll(() => text(age)).toMatch(/^Existencias (al momento|hace \d+ min)$/)
    expect(await age.getAttribute('data-old')).toBe('false')
    expect(await available.getAttribute('data-old')).toBeNull()

    await page.clock.fastForward('03:00:00')
    await expect.poll(() => text(age)).toBe('⚠ Existencias hace 3 h')
    expect(await age.getAttribute('data-old')).toBe('true')
    await expect.poll(() => available.getAttribute('data-old')).toBe('true')
    expect(await available.getAttribute('title')).toMatch(/^Existencias hace 3 h: la disponibilidad puede haber cambiado/)
    await screenshotAtBothWidths(page, 'stockAge-old')
    // The catalogue, read before the hours passed, says so too: its age, and that the figures may be out of date.
    await page.getByTestId('menu-catalogue').click()
    await expect.poll(() => text(page.getByTestId('catalogue-stock-age'))).toBe('(hace 3 h)')
    await expect
      .poll(() => text(page.getByTestId('catalogue-stale')))
      .toMatch(/^Las existencias pueden no estar al día \(leídas: .+\)\. Pulse/)
    await screenshot(page, 'stockAge-catalogue-1366x768')
    // The computer's clock set back since the pull, by an hour here: the figures are of no known age, and marked old.
    await page.clock.setSystemTime(Date.now() - 60 * 60_000)
    await page.clock.fastForward('00:31')
    await expect.poll(() => text(age)).toBe('⚠ Existencias de hora incierta')
    expect(await age.getAttribute('data-old')).toBe('true')
    await screenshotAtBothWidths(page, 'stockAge-unknown')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
