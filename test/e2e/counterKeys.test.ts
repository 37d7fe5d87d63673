import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { focusIn, openNewBooking, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'

// New booking at a counter, by keyboard (issue 30, requirement 6): ↑/↓ choose a line and +/− change its
// quantity while the scan box keeps the keyboard, so the next scan still lands there.
const facts = bookingFacts[101]

const scanBox = (page: Page) => page.getByTestId('booking-scan').locator('input')
const summary = (page: Page) =>
  page
    .getByTestId('booking-line')
    .evaluateAll((rows) =>
      rows.map(
        (r) => `${r.getAttribute('data-code')}×${r.querySelector<HTMLInputElement>('[data-testid="booking-line-quantity"] input')?.value}`,
      ),
    )
const selectedCode = (page: Page) => page.locator('[data-testid="booking-line"].selected').getAttribute('data-code')
const inScanBox = (page: Page) => focusIn(page, 'booking-scan')

describe('keys of a new booking at the counter', () => {
  const app = useFreshApp()

  it('↑/↓ choose a line and +/− change its quantity from the empty scan box, which keeps the keyboard', { timeout: 120_000 }, async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await openNewBooking(page)
    await page.setViewportSize({ width: 1024, height: 768 })
    const [a, b, c] = [facts.stockedItem.code, facts.lastUnitItem.code, facts.multiLotItem.code]
    for (const code of [a, b, c]) await scan(page, code)
    await expect.poll(() => summary(page)).toEqual([`${a}×1`, `${b}×1`, `${c}×1`])
    expect(await selectedCode(page)).toBe(c)

    // ↑ twice: the first line, and the scan box still has the keyboard.
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => selectedCode(page)).toBe(b)
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => selectedCode(page)).toBe(a)
    expect(await inScanBox(page)).toBe(true)
    // + twice and − once on the selected line.
    await page.keyboard.press('+')
    await page.keyboard.press('+')
    await page.keyboard.press('-')
    await expect.poll(() => summary(page)).toEqual([`${a}×2`, `${b}×1`, `${c}×1`])
    expect(await inScanBox(page)).toBe(true)
    expect(await scanBox(page).inputValue()).toBe('')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => selectedCode(page)).toBe(b)
    await screenshot(page, 'counterKeys-selected-1024x768')

    // Enter after the arrows: the chosen line's quantity, typed over; Enter goes back to the scan box.
    await page.keyboard.press('Enter')
    await expect
      .poll(() =>
        page
          .locator('[data-testid="booking-line"].selected [data-testid="booking-line-quantity"] input')
          .evaluate((i) => i === document.activeElement),
      )
      .toBe(true)
    await page.keyboard.type('10')
    await page.keyboard.press('Enter')
    await expect.poll(() => summary(page)).toEqual([`${a}×2`, `${b}×10`, `${c}×1`])
    await expect.poll(() => inScanBox(page)).toBe(true)

    // With text in the box, + and − are the text's (a scanner's or a count's), and the next scan lands there.
    await page.keyboard.type('ab+-')
    expect(await scanBox(page).inputValue()).toBe('ab+-')
    await scanBox(page).fill('')
    await scan(page, a)
    await expect.poll(() => summary(page)).toEqual([`${a}×3`, `${b}×10`, `${c}×1`])
    // Ctrl+Z takes back a + like any quantity change.
    await page.keyboard.press('+')
    await expect.poll(() => summary(page)).toEqual([`${a}×4`, `${b}×10`, `${c}×1`])
    await page.keyboard.press('Control+z')
    await expect.poll(() => summary(page)).toEqual([`${a}×3`, `${b}×10`, `${c}×1`])

    // The keyboard help lists them.
    await page.keyboard.press('F1')
    const help = page.getByTestId('key-help-screen')
    await help.waitFor()
    await expect.poll(() => help.innerText()).toContain('Elegir la línea anterior o la siguiente')
    await expect.poll(() => help.innerText()).toContain('con la caja de escaneo vacía')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'counterKeys-help-1366x768')
    await page.keyboard.press('Escape')
    await screenshot(page, 'counterKeys-selected-1366x768')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

describe('the counter tour at a new counter', () => {
  const app = useFreshApp({ tours: 'unseen' })

  it('goes on with Enter, as it says, even from the scan box', { timeout: 120_000 }, async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await startTraining(page)
    await page.getByTestId('station-counter').click()
    await page.getByTestId('newBooking-view').waitFor()
    const step = (key: string) => page.locator(`[data-testid="tour-popover"][data-step="${key}"][data-ready]`)
    await step('scan').waitFor()
    await expect.poll(() => page.getByTestId('tour-popover').innerText()).toContain('Intro para avanzar')
    // The keyboard in the scan box the step points at (where the screen puts it): Enter still goes on.
    await scanBox(page).focus()
    await page.keyboard.press('Enter')
    await step('lines').waitFor({ timeout: 5_000 })
    await screenshot(page, 'counterKeys-tour-1024x768')
    await page.setViewportSize({ width: 1366, height: 768 })
    await scanBox(page).focus()
    await page.keyboard.press('Enter')
    await step('save').waitFor({ timeout: 5_000 })
    await screenshot(page, 'counterKeys-tour-1366x768')
    // Nothing was scanned by those Enters.
    expect(await page.getByTestId('booking-line').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

/** Everything the locator finds has nothing drawn over its middle: a click there reaches it. */
const uncovered = (locator: Locator) =>
  locator.evaluateAll(
    (found) =>
      found.length > 0 &&
      found.every((el) => {
        const box = el.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return box.height > 0 && hit !== null && el.contains(hit)
      }),
  )

describe('New booking at 1024×768 on a computer not yet told what it is for', () => {
  const app = useFreshApp()

  it(
    'the date takes typing at once, the suggestions are drawn over the Save bar, and the station question covers nothing',
    { timeout: 120_000 },
    async () => {
      const { page, problems } = app()
      await startTraining(page)
      await openCatalogueWithRows(page)
      await openNewBooking(page)
      for (const width of [1024, 1366]) {
        await page.setViewportSize({ width, height: 768 })
        await page.getByTestId('station-chooser').waitFor()
        expect(await uncovered(page.getByTestId('booking-from-request-open')), `from request at ${width}`).toBe(true)
        expect(await uncovered(page.getByTestId('booking-save')), `save at ${width}`).toBe(true)
        await screenshot(page, `counterKeys-station-question-${width}x768`)
      }
      await page.setViewportSize({ width: 1024, height: 768 })

      // An empty booking: the name's suggestions fall over the Save bar, and are drawn above it.
      await scanBox(page).focus()
      await page.keyboard.type('Casco', { delay: 20 })
      const options = page.getByTestId('booking-suggestion')
      await expect.poll(() => options.count()).toBeGreaterThan(2)
      // Once the last keystroke's list is placed: a CI run found the first one covered straight after the list appeared.
      await expect.poll(() => uncovered(options), { message: 'every suggestion' }).toBe(true)
      await screenshot(page, 'counterKeys-suggestions-1024x768')
      await page.setViewportSize({ width: 1366, height: 768 })
      await screenshot(page, 'counterKeys-suggestions-1366x768')
      await page.setViewportSize({ width: 1024, height: 768 })
      await scanBox(page).fill('')

      // The date, reached by the keyboard, takes the digits typed at once, over the date it had.
      const date = page.getByTestId('booking-planned-delivery').locator('input')
      await page.getByTestId('booking-reference').locator('input').focus()
      await page.keyboard.press('Shift+Tab')
      await expect.poll(() => date.evaluate((i) => i === document.activeElement)).toBe(true)
      await page.keyboard.type('2027-03-01')
      await page.keyboard.press('Tab')
      await expect.poll(() => date.inputValue()).toBe('2027-03-01')
      await screenshot(page, 'counterKeys-date-1024x768')

      // With lines, the question scrolls away with the screen instead of staying pinned over it.
      await scanBox(page).focus()
      for (const code of [facts.stockedItem.code, facts.lastUnitItem.code, facts.multiLotItem.code]) await scan(page, code)
      await expect.poll(() => page.getByTestId('booking-line').count()).toBe(3)
      const main = page.getByTestId('main-content')
      await main.evaluate((m) => (m.scrollTop = 0))
      const before = (await page.getByTestId('station-chooser').boundingBox())!.y
      await main.evaluate((m) => (m.scrollTop = m.scrollHeight))
      await expect.poll(async () => (await page.getByTestId('station-chooser').boundingBox())?.y ?? -1000).toBeLessThan(before - 50)
      expect(await uncovered(page.getByTestId('booking-save'))).toBe(true)
      await screenshot(page, 'counterKeys-station-scrolled-1024x768')
      await main.evaluate((m) => (m.scrollTop = 0))
      expect(await uncovered(page.getByTestId('booking-from-request-open'))).toBe(true)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
