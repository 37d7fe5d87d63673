import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { startTraining, text, unexpectedProblems } from './support/actions'

const popover = (page: Page) => page.getByTestId('tour-popover')
/** The step shown now, once the popover for it is drawn and takes keys. */
const atStep = (page: Page, key: string) => page.locator(`[data-testid="tour-popover"][data-step="${key}"][data-ready]`).waitFor()

/** What the step points at: the test id (or role, or first class) of the element, or null when the popover sits in the middle. */
async function highlighted(page: Page): Promise<string | null> {
  return (await popover(page).getAttribute('data-target')) || null
}

/** The popover and what it points at overlap: the clerk would not see what is explained. */
async function coversTarget(page: Page): Promise<boolean> {
  const target = await highlighted(page)
  if (!target) return false
  return page.evaluate((id) => {
    const box = document.querySelector('[data-testid="tour-popover"]')
    const el = document.querySelector(`[data-testid="${id}"]`) ?? document.querySelector(`[role="${id}"]`)
    if (!box || !el) return false
    const a = el.getBoundingClientRect()
    const b = box.getBoundingClientRect()
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
  })
}

/** The keyboard is in the landing screen's scan box. */
async function focusIn(page: Page, testId: string): Promise<boolean> {
  return page.evaluate(
    (id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null && document.activeElement?.tagName === 'INPUT',
    testId,
  )
}

/** Screenshots of one step at the two narrow sizes the issue names; the popover must stay off its target at both. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 768 })
    // driver.js places the popover again on resize, in the next frame.
    await page.waitForTimeout(300)
    expect(await coversTarget(page), `popover over its target at ${width}`).toBe(false)
    await screenshot(page, `tour-${name}-${width}`)
  }
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.waitForTimeout(300)
}

describe('first-run tour', () => {
  const app = useFreshApp({ tours: 'unseen' })

  it('a new counter gets its tour once, by keyboard, skippable, and again on request', async () => {
    const { page, problems, restartHost } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    // No station yet: no tour over the profile and the station question.
    await page.getByTestId('station-chooser').waitFor()
    expect(await popover(page).count()).toBe(0)

    await page.getByTestId('station-counter').click()
    await page.getByTestId('newBooking-view').waitFor()
    await atStep(page, 'scan')
    expect(await text(popover(page))).toContain('La caja de escaneo')
    expect(await highlighted(page)).toBe('booking-scan')
    await shoot(page, 'counter')

    // Arrows and Enter go through it; the steps point at the real screen.
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'lines')
    expect(await highlighted(page)).toBe('booking-no-lines')
    await page.keyboard.press('Enter')
    await atStep(page, 'save')
    expect(await highlighted(page)).toBe('booking-save')
    expect(await text(popover(page))).toContain('Ctrl+Intro')
    await page.keyboard.press('ArrowLeft')
    await atStep(page, 'lines')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'save')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'status')
    expect(await highlighted(page)).toBe('status-connection')

    // Esc leaves it, and the scan box has the keyboard: the next scan lands there.
    await page.keyboard.press('Escape')
    await popover(page).waitFor({ state: 'detached' })
    await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)
    await page.keyboard.type('abc')
    expect(await page.getByTestId('booking-scan').locator('input').inputValue()).toBe('abc')
    await page.getByTestId('booking-scan').locator('input').fill('')

    // A restart lands on New booking without the tour.
    await restartHost()
    // Training credentials live in memory only: the restarted app asks to enter training again, with no tour over that.
    await page.getByTestId('start-training').waitFor()
    expect(await popover(page).count()).toBe(0)
    await page.getByTestId('start-training').click()
    await page.getByTestId('newBooking-view').waitFor()
    await page.getByTestId('booking-scan').waitFor()
    await page.waitForTimeout(1500)
    expect(await popover(page).count()).toBe(0)

    // Settings shows it again, from the first step, and its last step ends it with the scan box ready.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-settings').click()
    await page.getByTestId('settings-tour').click()
    await atStep(page, 'scan')
    for (const next of ['lines', 'save', 'status', 'sync', 'keys']) {
      await page.keyboard.press('Enter')
      await atStep(page, next)
    }
    expect(await highlighted(page)).toBe(null)
    expect(await text(page.getByTestId('tour-next'))).toBe('Entendido')
    await page.keyboard.press('Enter')
    await popover(page).waitFor({ state: 'detached' })
    await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)

    // The keyboard help (F1) offers it too; "Saltar" ends it.
    await page.keyboard.press('F1')
    await page.getByTestId('key-help-tour').click()
    await atStep(page, 'scan')
    await page.getByTestId('tour-skip').click()
    await popover(page).waitFor({ state: 'detached' })
    await expect.poll(() => focusIn(page, 'booking-scan')).toBe(true)

    // driver.js runs under the renderer's CSP as it is: a refused style or script would be a console error here.
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('a new warehouse gets the warehouse tour over Dispatch (dark theme)', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await page.getByTestId('theme-switch').click()
    await page.getByTestId('station-warehouse').click()
    await page.getByTestId('dispatch-view').waitFor()
    await atStep(page, 'tabs')
    expect(await highlighted(page)).toBe('tablist')
    expect(await text(popover(page))).toContain('Las reservas por estado')
    // The popover takes the theme's colours: dark card, light text.
    const [bg, fg] = await popover(page).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])
    const lightness = (c: string) =>
      (c.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0) / 3
    expect(lightness(bg!)).toBeLessThan(80)
    expect(lightness(fg!)).toBeGreaterThan(180)
    await shoot(page, 'warehouse')

    await page.keyboard.press('ArrowRight')
    await atStep(page, 'scan')
    expect(await highlighted(page)).toBe('dispatch-scan')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'view')
    expect(await highlighted(page)).toBe('dispatch-view-mode')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'ship')
    expect(['card-ship', 'dispatch-ship-selected', 'dispatch-empty']).toContain(await highlighted(page))
    await page.keyboard.press('Escape')
    await popover(page).waitFor({ state: 'detached' })
    await expect.poll(() => focusIn(page, 'dispatch-scan')).toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('a new back office gets its tour over the catalogue and the menu', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await page.getByTestId('station-backOffice').click()
    await page.getByTestId('catalogue-view').waitFor()
    await atStep(page, 'menu')
    // The menu's column (it has no test id of its own).
    expect(await highlighted(page)).toBe('n-layout-sider')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'catalogue')
    expect(await highlighted(page)).toBe('catalogue-search')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'purchasing')
    expect(await highlighted(page)).toBe('menu-purchasing')
    await shoot(page, 'backoffice')
    await page.keyboard.press('ArrowRight')
    await atStep(page, 'admin')
    expect(await highlighted(page)).toBe('menu-administration')
    await page.keyboard.press('Escape')
    await popover(page).waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
