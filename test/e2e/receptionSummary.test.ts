import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { openReception } from './support/receptions'

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)

// Issue 30, items 1 and 2 (receptions): a lot already expired (2025-01-15) was received without a word,
// and a count short of the order was registered as silently. Now the line marks the lot, a summary
// before registering lists the shortfall and the lot, Enter registers what was counted (the order stays
// open for the rest) and the reception's record marks the lot.
describe('a reception with an expired lot, counted short', () => {
  const app = useFreshApp()

  it('marks the line, sums up before registering, receives short keeping the order open, and marks the record', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openReception(page, 'PED-5531')
    const line = page.getByTestId('reception-line').filter({ has: page.getByTestId('line-lot-name') })
    await expect.poll(() => line.count()).toBe(1)

    // Pre-filled with what is pending; two units fewer arrived, into a lot that expired on 15/01/2025.
    await page.getByTestId('reception-count-prefilled').click()
    const count = line.getByTestId('line-quantity').locator('input')
    await expect.poll(() => count.inputValue()).not.toBe('0')
    const pending = Number(await count.inputValue())
    const countShortIntoExpiredLot = async () => {
      await count.fill(String(pending - 2))
      await line.getByTestId('line-lot-name').locator('input').fill('L-VENCIDO')
      const expires = line.getByTestId('line-lot-expires').locator('input')
      await expires.fill('2025-01-15')
      await expires.press('Enter')
      await expectText(line.getByTestId('line-lot-mark'), 'Vencido')
    }
    await countShortIntoExpiredLot()
    expect(await line.getAttribute('data-lot')).toBe('expired')

    // Registering asks first: the shortfall and the lot, with "register what was counted" focused.
    await page.getByTestId('reception-save').click()
    const summary = page.getByTestId('reception-summary')
    await summary.waitFor()
    const shortfalls = summary.getByTestId('reception-summary-shortfall')
    expect(await shortfalls.count()).toBeGreaterThanOrEqual(1)
    await expectText(summary.getByTestId('reception-summary-short'), 'la orden queda abierta con lo que falta')
    const lot = summary.getByTestId('reception-summary-lot')
    expect(await lot.count()).toBe(1)
    expect(await lot.getAttribute('data-freshness')).toBe('expired')
    await expectText(lot, 'Lote L-VENCIDO · vence 15/01/2025')
    await expectText(lot.getByTestId('reception-summary-lot-mark'), 'Vencido')
    await expectText(summary, 'Registrar lo contado')
    await expect.poll(() => focused(page)).toBe('reception-summary-confirm')
    await screenshot(page, 'reception-30-summary-expired-1366-light')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'reception-31-summary-expired-1024-light')

    // Esc goes back to the count with nothing sent; looked at in the dark theme too.
    await page.keyboard.press('Escape')
    await summary.waitFor({ state: 'detached' })
    expect(await page.getByTestId('reception-row').count()).toBe(0)
    await page.getByTestId('theme-switch').click()
    // The theme is drawn anew: the count is typed again if it did not stay.
    if ((await count.inputValue()) !== String(pending - 2)) await countShortIntoExpiredLot()
    await page.getByTestId('reception-save').click()
    await summary.waitFor()
    await expect.poll(() => focused(page)).toBe('reception-summary-confirm')
    for (const id of ['reception-summary-confirm', 'reception-summary-back']) {
      const box = await summary.getByTestId(id).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 1024 && box.y + box.height <= 768, id).toBe(true)
    }
    await screenshot(page, 'reception-32-summary-expired-1024-dark')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'reception-33-summary-expired-1366-dark')

    // Enter registers what was counted: the order stays open with the two units pending.
    await page.keyboard.press('Enter')
    await expectText(page.locator('.n-message'), 'la orden aún tiene productos pendientes')
    await expectText(line.getByTestId('line-pending'), '2')
    await expect.poll(() => page.getByTestId('order-state').getAttribute('data-state')).toBe('partlyReceived')

    // The reception's record marks the expired lot.
    await page.getByTestId('reception-row').first().click()
    await page.getByTestId('reception-view').waitFor()
    const lotRow = page.locator('tr', { has: page.getByText('L-VENCIDO') })
    await lotRow.waitFor()
    await expectText(lotRow.getByTestId('reception-line-lot-mark'), 'Vencido')
    await screenshot(page, 'reception-34-record-expired-1366-dark')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
