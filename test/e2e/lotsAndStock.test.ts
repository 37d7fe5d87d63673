import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import {
  chooseDestination,
  chosenOption,
  expectText,
  focusedTestId,
  openNewBooking,
  startTraining,
  text,
  unexpectedProblems,
} from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { openDispatch, printed, recordPrinting } from './support/bookings'

const facts = bookingFacts[101]

/**
 * The seeded lots of the multi-lot item expire on 2031-01-15 (6 available) and 2031-02-14 (30): on the
 * clerk's day 2031-01-20 (the page's clock) the first has expired and the second expires within the
 * default 30 days. The core's clock is today's, so the default lot is still the first (it was fine then):
 * exactly a lot that expired while the booking was being made.
 */
const clerksDay = new Date('2031-01-20T15:00:00Z')

const line = (page: Page, code: string) => page.locator(`[data-testid="booking-line"][data-code="${code}"]`)

/** The lot whose label matches, chosen from the line's lot list; the line then shows it. */
async function pickLot(page: Page, code: string, available: RegExp): Promise<void> {
  const select = line(page, code).getByTestId('booking-line-lot')
  const labels = await select.locator('option').allTextContents()
  const label = labels.find((l) => available.test(l))
  expect(label, `a lot matching ${available} among: ${labels.join(' | ')}`).toBeDefined()
  await select.selectOption({ label: label! })
  await expect.poll(() => chosenOption(select)).toMatch(available)
}

describe('lots and stock at the counter', () => {
  const app = useFreshApp()

  it(
    'marks expired and near-expiry lots, asks before saving an expired one, counts lines over stock in the save button, and marks the lot on the dispatch card and the slip',
    { timeout: 150_000 },
    async () => {
      const { page, problems } = app()
      await page.setViewportSize({ width: 1366, height: 768 })
      await startTraining(page)
      await openCatalogueWithRows(page)
      await page.clock.setFixedTime(clerksDay)
      await openNewBooking(page)
      await chooseDestination(page)
      await page.keyboard.press('F2')

      // The default lot expired five days ago: red, in words.
      await scan(page, facts.multiLotItem.code)
      const multi = line(page, facts.multiLotItem.code)
      await expectText(multi.getByTestId('booking-line-lot-mark'), 'Vencido')
      expect(await multi.getByTestId('booking-line-lot-mark').getAttribute('data-freshness')).toBe('expired')
      // The lot list is a form of its own: Chrome's form-filling, stirred by the lot the scan chose, reads that one
      // field and not every line's (BookingLineRow.vue).
      expect(await multi.getByTestId('booking-line-lot').evaluate((s: HTMLSelectElement) => s.form?.elements.length)).toBe(1)
      // The next lot expires in 25 days: amber. Back to the expired one for the rest.
      await pickLot(page, facts.multiLotItem.code, /30 disp\./)
      await expectText(multi.getByTestId('booking-line-lot-mark'), 'Vence pronto')
      expect(await multi.getByTestId('booking-line-lot-mark').getAttribute('data-freshness')).toBe('near')
      // "Near" is a setting of this computer: at 10 days, a lot 25 days from expiry is no longer marked.
      await page.getByTestId('user-menu').click()
      await page.getByTestId('user-menu-settings').click()
      await expectText(page.getByTestId('settings-dialog'), 'Aviso de vencimiento (días)')
      expect(await page.getByTestId('settings-near-expiry').locator('input').inputValue()).toBe('30')
      await page.getByTestId('settings-near-expiry').locator('input').fill('10')
      await page.getByTestId('settings-near-expiry').locator('input').press('Tab')
      await page.keyboard.press('Escape')
      await page.getByTestId('settings-dialog').waitFor({ state: 'detached' })
      await expect.poll(() => multi.getByTestId('booking-line-lot-mark').count()).toBe(0)
      // Back from the keyboard: ↑ on the lot picks the one before, the first to expire.
      const lot = multi.getByTestId('booking-line-lot')
      await lot.focus()
      await page.keyboard.press('ArrowUp')
      await expect.poll(() => chosenOption(lot)).toMatch(/(vence|VENCIDO) .* 6 disp\./)
      await expectText(multi.getByTestId('booking-line-lot-mark'), 'Vencido')
      // A lot years from expiry carries no mark.
      await page.keyboard.press('F2')
      await scan(page, facts.stockedItem.code)
      await line(page, facts.stockedItem.code).waitFor()
      expect(await line(page, facts.stockedItem.code).getByTestId('booking-line-lot-mark').count()).toBe(0)

      // Over stock: the warning stays, the line stands out, and the save button counts it.
      expect(await page.getByTestId('booking-save-over').count()).toBe(0)
      await page.keyboard.press('F2')
      await scan(page, facts.lastUnitItem.code)
      const lastUnit = line(page, facts.lastUnitItem.code)
      await lastUnit.getByTestId('booking-line-quantity').locator('input').fill('3')
      await expectText(lastUnit.locator('xpath=following-sibling::tr[1]'), 'Solo hay 1 disponibles en su agencia')
      await expect.poll(() => lastUnit.getAttribute('class')).toMatch(/\bover\b/)
      await expectText(page.getByTestId('booking-save'), 'Guardar reserva (1 sin existencias)')
      expect(await line(page, facts.stockedItem.code).getAttribute('class')).not.toMatch(/\bover\b/)
      await page.getByTestId('booking-reference').locator('input').fill('E2E lote vencido')

      for (const width of [1366, 1024]) {
        await page.setViewportSize({ width, height: 768 })
        // The lines and the save button with its count in one view.
        await page.getByTestId('booking-save').scrollIntoViewIfNeeded()
        await screenshot(page, `lots-01-expired-line-${width}`)
      }

      // Saving asks first, with the line named; focus on the primary button; Esc keeps everything.
      await page.keyboard.press('F2')
      await page.keyboard.press('Control+Enter')
      const dialog = page.getByTestId('booking-expired-dialog')
      await dialog.waitFor()
      await expectText(dialog, `${facts.multiLotItem.code} (lote`)
      await expect.poll(() => focusedTestId(page)).toBe('booking-expired-confirm')
      // After the opening animation: the picture shows the dialog as the clerk reads it.
      await screenshotAtBothWidths(page, 'lots-02-expired-confirm', async () => {
        await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.n-modal') ?? el).opacity)).toBe('1')
        await page.waitForTimeout(300)
      })
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await page.getByTestId('booking-line').count()).toBe(3)

      // Asked again, Enter confirms: the booking is saved with its expired lot.
      await page.keyboard.press('Control+Enter')
      await dialog.waitFor()
      await expect.poll(() => focusedTestId(page)).toBe('booking-expired-confirm')
      await page.keyboard.press('Enter')
      await page
        .locator('.n-message', { hasText: /Reserva .* guardada|pendiente de enviar|enviada/ })
        .first()
        .waitFor()
      await expect.poll(() => page.getByTestId('booking-line').count()).toBe(0)
      expect(await page.getByTestId('booking-save-over').count()).toBe(0)

      // Dispatch: the card marks the expired lot; its slip says so in words.
      await openDispatch(page)
      const card = page.locator('[data-testid^="dispatch-card-"]', { hasText: 'E2E lote vencido' })
      const cardLine = card.getByTestId('card-line').filter({ hasText: facts.multiLotItem.code })
      await expectText(cardLine.getByTestId('card-line-lot-mark'), 'Vencido')
      expect(
        await card.getByTestId('card-line').filter({ hasText: facts.stockedItem.code }).getByTestId('card-line-lot-mark').count(),
      ).toBe(0)
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, 'lots-03-dispatch-card-1366')
      await recordPrinting(page)
      await card.getByTestId('card-print').click()
      await expect.poll(() => printed(page)).toHaveLength(1)
      expect((await printed(page))[0]).toMatch(new RegExp(`${facts.multiLotItem.code}.*Vencido`))

      expect(unexpectedProblems(problems)).toEqual([])
      expect(await text(cardLine.getByTestId('card-line-lot'))).toMatch(/vence/)
    },
  )
})

describe('an inactive bundle at the counter', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('is refused with the reason when scanned, and none of its components is added', { timeout: 90_000 }, async () => {
    const { page, problems, trainingService } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openCatalogueWithRows(page)
    // An inactive bundle of the training company, read on the service beside the app (the seed has some).
    const service = await trainingService()
    const res = await fetch(`${service.url}/inventories/bundles.json`, {
      headers: { 'X-User-Email': service.email, 'X-User-Token': service.token, Accept: 'application/json' },
    })
    const inactive = ((await res.json()) as { code: string; name: string; active: boolean; bundle_details_count: number }[]).find(
      (b) => !b.active && b.bundle_details_count > 0,
    )
    expect(inactive, 'the seed has an inactive bundle with components').toBeDefined()

    await openNewBooking(page)
    await page.keyboard.press('F2')
    await scan(page, facts.stockedItem.code)
    await line(page, facts.stockedItem.code).waitFor()
    await page.keyboard.press('F2')
    await scan(page, inactive!.code)
    await expectText(
      page.getByTestId('booking-refused'),
      `El conjunto ${inactive!.code} ${inactive!.name} está inactivo: no se puede reservar`,
    )
    expect(await page.getByTestId('booking-line').count()).toBe(1)
    await screenshot(page, 'lots-04-inactive-bundle-1366')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
