import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import type { TrainingService } from '@base/training'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, focusIn, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { serviceGraphql } from './support/serviceGraphql'

// The scan box and the form of the New booking screen, by keyboard only (issue 12): Enter takes the
// suggestion shown, 5*CODE and CODE*5 count, Del on the empty box removes a line and Ctrl+Z takes back the
// last change of any kind (a scan too), Ctrl+Enter with a gap goes to the gap, new lines come into view, ↑/↓
// and Enter reach a line's quantity, and the scan box and Save stay pinned in view however many lines there are.
const facts = bookingFacts[101]
const bundles = bundleFacts[101]

async function openNewBooking(page: Page): Promise<void> {
  await page.getByTestId('menu-newBooking').click()
  await page.getByTestId('newBooking-view').waitFor()
  await expect.poll(() => page.getByTestId('booking-scan').locator('input').isEnabled(), { timeout: 15_000 }).toBe(true)
}

const lines = (page: Page) => page.getByTestId('booking-line')
const summary = (page: Page) =>
  lines(page).evaluateAll((rows) =>
    rows.map(
      (r) => `${r.getAttribute('data-code')}×${r.querySelector<HTMLInputElement>('[data-testid="booking-line-quantity"] input')?.value}`,
    ),
  )

/** Whole inside the window, above the status bar at its foot; under a pinned bar still counts (`clearOfPins` does not). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const height = page.viewportSize()!.height
  const bar = await page.getByTestId('status-bar').boundingBox()
  const limit = Math.min(height, bar?.y ?? height)
  // A pixel's slack: scrolled to the edge, sub-pixel layout may round across it.
  return !!box && box.y >= 0 && box.y + box.height <= limit + 1
}

/** The part of the window the screen scrolls in: between the pinned scan bar and the pinned actions. */
async function clearOfPins(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const bar = await page.getByTestId('booking-scan-bar').boundingBox()
  const actions = await page.getByTestId('booking-save').locator('xpath=ancestor::footer').boundingBox()
  return !!box && !!bar && !!actions && box.y >= bar.y + bar.height - 1 && box.y + box.height <= actions.y + 1
}

/** Training, the catalogue pulled, New booking open at 1024×768. */
async function newBookingAt1024(page: Page): Promise<void> {
  await startTraining(page)
  await openCatalogueWithRows(page)
  await openNewBooking(page)
  // Below 1280 px the menu folds to icons: the screen is opened first, then the window made small.
  await page.setViewportSize({ width: 1024, height: 768 })
}

/** Codes of active items, asked of the training service beside the app (as the training user): a booking of many lines. */
async function itemCodes(service: TrainingService, count: number): Promise<string[]> {
  const query = 'query ($n: Int!) { items(where: {active: {_eq: true}}, order_by: {id: asc}, limit: $n) { code } }'
  const codes = (await serviceGraphql<{ items: { code: string }[] }>(service, query, { n: count })).items.map((i) => i.code)
  if (codes.length < count) throw new Error(`only ${codes.length} active items on the training service, ${count} wanted`)
  return codes
}

describe('the scan box and the form of a new booking', () => {
  const app = useFreshApp()

  it(
    'Ctrl+Enter with a gap takes the focus to it, outlined with its message beside it, at 1024×768 and 1366×768',
    { timeout: 120_000 },
    async () => {
      const { page, problems } = app()
      await newBookingAt1024(page)

      // No destination and no line: the destination comes first.
      await page.keyboard.press('Control+Enter')
      const destination = page.getByTestId('booking-destination-field')
      await expect.poll(() => destination.getAttribute('data-missing')).toBe('true')
      await expectText(destination, 'Necesario para guardar')
      await expect.poll(() => focusIn(page, 'booking-destination-field')).toBe(true)
      expect(await inView(page, destination)).toBe(true)
      await screenshot(page, 'scanBox-missing-destination-1024x768')
      await page.setViewportSize({ width: 1366, height: 768 })
      expect(await inView(page, destination)).toBe(true)
      await screenshot(page, 'scanBox-missing-destination-1366x768')
      // Every gap is outlined (the lines too, beside the scan box); the focus is on the first.
      await expectText(page.getByTestId('booking-missing-lines'), 'al menos un artículo')

      // The destination picked from the keyboard: its outline goes; the next Ctrl+Enter goes to the scan box.
      await page.keyboard.press('Enter')
      await page.locator('.n-base-select-option').first().waitFor()
      await page.keyboard.press('Enter')
      await expect.poll(() => destination.getAttribute('data-missing')).toBeNull()
      // Ctrl+Enter straight from the destination (its list still open): the select does not swallow it.
      await page.keyboard.press('Control+Enter')
      await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)
      await expectText(page.getByTestId('booking-missing-lines'), 'al menos un artículo')
      expect(await inView(page, page.getByTestId('booking-missing-lines'))).toBe(true)
      await page.setViewportSize({ width: 1024, height: 768 })
      await screenshot(page, 'scanBox-missing-lines-1024x768')

      // The first scan clears it.
      await scan(page, facts.stockedItem.code)
      await expect.poll(() => page.getByTestId('booking-missing-lines').count()).toBe(0)
      expect(await page.getByTestId('booking-line').count()).toBe(1)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )

  it(
    'counts 5*CODE and CODE*5, takes the suggestion shown on Enter, removes with Del, undoes with Ctrl+Z, shows each new line, and ↑↓ then Enter edit a quantity',
    { timeout: 150_000 },
    async () => {
      const { page, problems } = app()
      await newBookingAt1024(page)

      // A count before or after the code.
      await scan(page, `3*${facts.stockedItem.code}`)
      await scan(page, `${facts.multiLotItem.code}*2`)
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×3`, `${facts.multiLotItem.code}×2`])
      await expectText(page.getByTestId('booking-added'), facts.multiLotItem.code)

      // Del on the empty scan box: the selected line (the last scanned) goes, and its "added" message with it.
      await page.keyboard.press('Delete')
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×3`])
      expect(await page.getByTestId('booking-added').count()).toBe(0)
      await expectText(page.getByTestId('booking-removed'), facts.multiLotItem.code)
      expect(await focusIn(page, 'booking-scan')).toBe(true)
      // Ctrl+Z: back, with its quantity.
      await page.keyboard.press('Control+z')
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×3`, `${facts.multiLotItem.code}×2`])
      await expectText(page.getByTestId('booking-undone'), facts.multiLotItem.code)

      // A quantity typed over, then Ctrl+Z from the scan box (F2): the quantity before.
      await input(page, 'booking-line-quantity').first().fill('17')
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×17`, `${facts.multiLotItem.code}×2`])
      await page.keyboard.press('F2')
      await page.keyboard.press('Control+z')
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×3`, `${facts.multiLotItem.code}×2`])

      // A person types a name and pauses: the suggestion shown highlighted is what Enter takes, never "unknown code".
      const name = await text(
        page.locator(`[data-testid="booking-line"][data-code="${facts.stockedItem.code}"]`).getByTestId('booking-line-name'),
      )
      await page.keyboard.press('Delete')
      await page.keyboard.press('Delete')
      await expect.poll(() => lines(page).count()).toBe(0)
      await page.keyboard.type(`2*${name}`, { delay: 20 })
      const highlighted = page.locator('[data-testid="booking-suggestion"][aria-selected="true"]')
      await highlighted.waitFor()
      const code = (await highlighted.getAttribute('data-code'))!
      const kind = await highlighted.getAttribute('data-kind')
      await page.keyboard.press('Enter')
      await expect.poll(() => lines(page).count()).toBeGreaterThan(0)
      expect(await page.getByTestId('booking-unknown-code').count()).toBe(0)
      if (kind === 'item') expect(await summary(page)).toEqual([`${code}×2`])
      else expect(await text(lines(page).first())).toContain(`del conjunto ${code}`)
      for (let i = await lines(page).count(); i > 0; i--) await page.keyboard.press('Delete')
      await expect.poll(() => lines(page).count()).toBe(0)

      // Several suggestions: the arrows move the highlight, and Enter takes that one.
      await page.keyboard.type(facts.stockedItem.code.slice(0, 5), { delay: 20 })
      const options = page.getByTestId('booking-suggestion')
      await expect.poll(() => options.count()).toBeGreaterThan(2)
      await expect.poll(() => options.nth(0).getAttribute('aria-selected')).toBe('true')
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true')
      const second = (await options.nth(1).getAttribute('data-code'))!
      const secondKind = await options.nth(1).getAttribute('data-kind')
      await page.keyboard.press('Enter')
      await expect.poll(() => lines(page).count()).toBeGreaterThan(0)
      // A bundle comes as its components, each marked with it.
      if (secondKind === 'item') expect(await summary(page)).toEqual([`${second}×1`])
      else expect(await text(lines(page).first())).toContain(`del conjunto ${second}`)
      for (let i = await lines(page).count(); i > 0; i--) await page.keyboard.press('Delete')

      // The exact code typed by hand is the one highlighted, even among others.
      await page.keyboard.type(facts.stockedItem.code, { delay: 20 })
      await expect
        .poll(() => page.locator('[data-testid="booking-suggestion"][aria-selected="true"]').getAttribute('data-code'))
        .toBe(facts.stockedItem.code)
      await page.keyboard.press('Enter')
      await expect.poll(() => summary(page)).toEqual([`${facts.stockedItem.code}×1`])
      expect(await page.getByTestId('booking-unknown-code').count()).toBe(0)

      // A static bundle twice over, then more lines than the window holds: the newest line is always in view.
      await scan(page, `2*${bundles.withMovements.ean13}`)
      await expectText(page.getByTestId('booking-added'), /\S/)
      await expect
        .poll(() => page.locator('[data-testid="booking-line"]', { hasText: `del conjunto ${bundles.withMovements.code}` }).count())
        .toBeGreaterThan(0)
      const selectedRow = page.locator('[data-testid="booking-line"].selected')
      await expect.poll(() => inView(page, selectedRow)).toBe(true)
      await scan(page, facts.lastUnitItem.code)
      await expect.poll(() => inView(page, page.locator(`[data-testid="booking-line"][data-code="${facts.lastUnitItem.code}"]`))).toBe(true)
      await screenshot(page, 'scanBox-lines-1024x768')

      // ↑ then ↓ from the empty scan box choose that last line again; Enter: its quantity, typed over; Enter goes back.
      const last = page.locator(`[data-testid="booking-line"][data-code="${facts.lastUnitItem.code}"]`)
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await expect
        .poll(() =>
          last
            .getByTestId('booking-line-quantity')
            .locator('input')
            .evaluate((i) => i === document.activeElement),
        )
        .toBe(true)
      await page.keyboard.type('4')
      await page.keyboard.press('Enter')
      await expect.poll(() => last.getByTestId('booking-line-quantity').locator('input').inputValue()).toBe('4')
      await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)
      await page.keyboard.press('Control+z')
      await expect.poll(() => last.getByTestId('booking-line-quantity').locator('input').inputValue()).toBe('1')
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
  it(
    'keeps the scan box, the save button and the first missing field in view with 25 lines at 1024×768 and 1366×768; Ctrl+Z takes back scans, Del removes',
    { timeout: 180_000 },
    async () => {
      const { page, problems, trainingService } = app()
      await newBookingAt1024(page)
      const codes = await itemCodes(await trainingService(), 26)
      const box = page.getByTestId('booking-scan')
      const save = page.getByTestId('booking-save')
      const scrolled = () => page.getByTestId('main-content').evaluate((m) => m.scrollTop)

      for (const code of codes.slice(0, 25)) await scan(page, code)
      await expect.poll(() => lines(page).count(), { timeout: 30_000 }).toBe(25)
      await expectText(page.getByTestId('booking-added'), codes[24]!)
      // The lines are longer than the window: the screen has scrolled, and the box, the message and Save are still there.
      expect(await scrolled()).toBeGreaterThan(200)
      expect(await inView(page, box)).toBe(true)
      expect(await inView(page, page.getByTestId('booking-added'))).toBe(true)
      expect(await inView(page, save)).toBe(true)
      // The newest line is in view, clear of both pinned bars, not under them.
      const newest = page.locator(`[data-testid="booking-line"][data-code="${codes[24]}"]`)
      await expect.poll(() => clearOfPins(page, newest)).toBe(true)
      expect(await focusIn(page, 'booking-scan')).toBe(true)
      // The lines table fits the form at 1024: its last column (✕) ends where the scan box ends, and codes stay whole.
      const tableRight = await page.getByTestId('booking-lines').evaluate((t) => t.getBoundingClientRect().right)
      const boxRight = await box.evaluate((b) => b.getBoundingClientRect().right)
      expect(tableRight).toBeLessThanOrEqual(boxRight + 1)
      expect(await newest.getByTestId('booking-line-code').evaluate((c) => c.getClientRects().length)).toBe(1)
      // The lines are a grid of rows, read as a table all the same (Chromium's accessibility tree, what a screen reader
      // gets): a header per column, a row per line, the scrolled-away ones included.
      const cdp = await page.context().newCDPSession(page)
      const { nodes } = await cdp.send('Accessibility.getFullAXTree')
      await cdp.detach()
      const roles = (role: string) => nodes.filter((n) => !n.ignored && n.role?.value === role)
      expect(roles('table')).toHaveLength(1)
      expect(roles('columnheader').map((n) => n.name?.value)).toContain('Cantidad')
      expect(roles('columnheader')).toHaveLength(8)
      expect(roles('row').length).toBeGreaterThanOrEqual(26)
      await screenshot(page, 'counter-pinned-1024x768')

      // Ctrl+Z on the scan box takes back the last scan: its line goes, with its "added" message.
      await page.keyboard.press('Control+z')
      await expect.poll(() => lines(page).count()).toBe(24)
      expect(await newest.count()).toBe(0)
      expect(await page.getByTestId('booking-added').count()).toBe(0)
      await expectText(page.getByTestId('booking-undone'), `Deshecho: ${codes[24]}`)
      // A scan of an item already on the booking adds to its line; Ctrl+Z takes that quantity back, the line stays.
      const first = page.locator(`[data-testid="booking-line"][data-code="${codes[0]}"]`)
      await scan(page, `3*${codes[0]}`)
      await expect.poll(() => first.getByTestId('booking-line-quantity').locator('input').inputValue()).toBe('4')
      await expect.poll(() => clearOfPins(page, first)).toBe(true)
      expect(await inView(page, box)).toBe(true)
      await page.keyboard.press('Control+z')
      await expect.poll(() => first.getByTestId('booking-line-quantity').locator('input').inputValue()).toBe('1')
      expect(await lines(page).count()).toBe(24)
      // Del removes the selected line (the one just touched); Ctrl+Z puts it back, then takes back the scan before.
      await page.keyboard.press('Delete')
      await expect.poll(() => lines(page).count()).toBe(23)
      expect(await first.count()).toBe(0)
      await page.keyboard.press('Control+z')
      await expect.poll(() => first.count()).toBe(1)
      expect(await first.getByTestId('booking-line-quantity').locator('input').inputValue()).toBe('1')
      await page.keyboard.press('Control+z')
      await expect.poll(() => lines(page).count()).toBe(23)
      expect(await page.locator(`[data-testid="booking-line"][data-code="${codes[23]}"]`).count()).toBe(0)

      // Ctrl+Enter with no destination, from far down the list: the field comes into view with the focus, Save stays.
      await scan(page, codes[23]!)
      await scan(page, codes[24]!)
      await expect.poll(() => lines(page).count()).toBe(25)
      await page.keyboard.press('Control+Enter')
      const destination = page.getByTestId('booking-destination-field')
      await expect.poll(() => destination.getAttribute('data-missing')).toBe('true')
      await expect.poll(() => focusIn(page, 'booking-destination-field')).toBe(true)
      await expect.poll(() => inView(page, destination)).toBe(true)
      expect(await inView(page, save)).toBe(true)

      // At 1366×768 the same: back to the scanner, a scan at the foot of the list, Del and Ctrl+Z there.
      await page.setViewportSize({ width: 1366, height: 768 })
      await page.keyboard.press('Escape')
      await page.keyboard.press('F2')
      await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)
      await scan(page, codes[25]!)
      await expect.poll(() => lines(page).count()).toBe(26)
      const last = page.locator(`[data-testid="booking-line"][data-code="${codes[25]}"]`)
      await expect.poll(() => clearOfPins(page, last)).toBe(true)
      expect(await scrolled()).toBeGreaterThan(200)
      expect(await inView(page, box)).toBe(true)
      expect(await inView(page, save)).toBe(true)
      await page.keyboard.press('Delete')
      await expect.poll(() => lines(page).count()).toBe(25)
      expect(await inView(page, page.getByTestId('booking-removed'))).toBe(true)
      await page.keyboard.press('Control+z')
      await expect.poll(() => lines(page).count()).toBe(26)
      await page.keyboard.press('Control+z')
      await expect.poll(() => lines(page).count()).toBe(25)
      await expect.poll(() => inView(page, page.getByTestId('booking-undone'))).toBe(true)
      expect(await inView(page, box)).toBe(true)
      await screenshot(page, 'counter-pinned-1366x768')
      // In the dark theme the pinned bars take the dark screen's colour (no light band over the lines).
      await page.getByTestId('theme-switch').click()
      await expect
        .poll(() => page.getByTestId('booking-scan-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor))
        .not.toBe('rgb(255, 255, 255)')
      await screenshot(page, 'counter-pinned-1366x768-dark')
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
  it(
    'Ctrl+Enter pressed before the frame that draws the last scanned line still leaves the missing field in view',
    { timeout: 120_000 },
    async () => {
      const { page, problems, trainingService } = app()
      await newBookingAt1024(page)
      const codes = await itemCodes(await trainingService(), 25)
      for (const code of codes.slice(0, 24)) await scan(page, code)
      await expect.poll(() => lines(page).count(), { timeout: 30_000 }).toBe(24)
      // The clerk's Ctrl+Enter lands between the 25th line reaching the page and the frame that draws it (where that
      // line is scrolled into view): sent from the page itself, the moment the line is there.
      await page.evaluate(() => {
        const table = document.querySelector('[data-testid="booking-lines"]')!
        const watch = new MutationObserver(() => {
          if (table.querySelectorAll('[data-testid="booking-line"]').length < 25) return
          watch.disconnect()
          document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', ctrlKey: true, bubbles: true }))
        })
        watch.observe(table, { childList: true, subtree: true })
      })
      await scan(page, codes[24]!)
      const destination = page.getByTestId('booking-destination-field')
      await expect.poll(() => destination.getAttribute('data-missing')).toBe('true')
      await expect.poll(() => focusIn(page, 'booking-destination-field')).toBe(true)
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      expect(await inView(page, destination)).toBe(true)
      expect(await lines(page).count()).toBe(25)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
