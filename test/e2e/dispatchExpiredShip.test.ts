import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { openDispatch } from './support/bookings'

// Issue 30, item 1 (dispatch): bulk dispatch shipped lines on expired lots without a question. The one
// question before shipping now names every such line (booking, item, lot, expiry), asked once for all.
// The seeded lots expire years ahead: on the clerk's day 2040-01-15 (the page's clock) every dated lot has expired.
const clerksDay = new Date('2040-01-15T15:00:00Z')

describe('dispatch: shipping lines on expired lots', () => {
  const app = useFreshApp()

  it('lists every expired line of the bookings shipped together in the one question', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await page.clock.setFixedTime(clerksDay)
    await openDispatch(page)

    await page.getByTestId('dispatch-select-all').click()
    await page.getByTestId('dispatch-ship-selected').click()
    const dialog = page.getByTestId('ship-dialog')
    await dialog.waitFor()
    await expect.poll(async () => Number(await dialog.getAttribute('data-expired'))).toBeGreaterThan(0)
    const expired = Number(await dialog.getAttribute('data-expired'))
    const lines = dialog.getByTestId('ship-expired-line')
    expect(await lines.count()).toBe(expired)
    await expectText(dialog.getByTestId('ship-expired'), /salen? de (un lote vencido|lotes vencidos)/)
    await expectText(lines.first().getByTestId('ship-expired-mark'), 'Vencido')
    await expectText(lines.first(), /lote .+, venció el \d\d\/\d\d\/\d{4}/)
    await expectText(dialog, 'Despachar')
    await screenshot(page, 'dispatch-40-ship-expired-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    for (const id of ['ship-confirm', 'ship-cancel']) {
      const box = await dialog.getByTestId(id).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 1024 && box.y + box.height <= 768, id).toBe(true)
    }
    await screenshot(page, 'dispatch-41-ship-expired-1024')

    // Asked once: confirming ships them all, with no question booking by booking.
    await dialog.getByTestId('ship-confirm').click()
    await expect.poll(() => dialog.count()).toBe(0)
    await page
      .locator('.n-message', { hasText: /despachad|Salida/i })
      .first()
      .waitFor()
    expect(await page.getByTestId('ship-dialog').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
