import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, memberships, openNewBooking, startTraining, unexpectedProblems } from './support/actions'
import { setServiceLatency } from './support/bookings'
import { scan } from './support/catalogue'

// The first pull runs in a thread of its own, so the screens answer before the catalogue has arrived: a scan then
// says so, not that the code is unknown (issue 32).
describe('before the first catalogue arrives', () => {
  const app = useFreshApp()

  it('a scan at the counter says the catalogue has not arrived yet, not that the code is unknown', { timeout: 90_000 }, async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    // The other entity's cache is empty: its first pull is slow on this line.
    await setServiceLatency(service, 2000)
    try {
      const other = (await memberships(page)).find((m) => !m.current)!
      await page.getByTestId(`switch-entity-${other.entityId}`).click()
      // Its few requests wait on the slow line too.
      await expect.poll(async () => (await memberships(page)).find((m) => m.current)?.entityId, { timeout: 30_000 }).toBe(other.entityId)
      await openNewBooking(page)
      // An item the service has in that entity.
      const code = bookingFacts[other.entityId as 101 | 102].stockedItem.code
      await scan(page, code)
      // The status bar says why, on every screen, until the catalogue is there.
      await expectText(page.getByTestId('status-catalogue-arriving'), '⟳ Catálogo en camino')
      const notice = page.getByTestId('booking-unknown-code')
      await expectText(
        notice,
        `Código ${code}: el catálogo aún no ha llegado a esta computadora. Vuelva a escanearlo cuando termine de descargarse.`,
      )
      for (const width of [1024, 1366]) {
        await page.setViewportSize({ width, height: 768 })
        await screenshot(page, `catalogue-arriving-scan-${width}`)
      }
    } finally {
      await setServiceLatency(service, 0)
    }
    await expect.poll(() => page.getByTestId('status-catalogue-arriving').count(), { timeout: 60_000 }).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
