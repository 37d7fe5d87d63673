import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { chooseOption, startTraining, unexpectedProblems } from './support/actions'

/** The menu's top-level entries in the order shown. */
async function menuOrder(page: import('playwright-core').Page): Promise<string[]> {
  return page
    .locator('[data-testid="side-menu"] [data-testid^="menu-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''))
}

describe('stations', () => {
  const app = useFreshApp()

  it('asks once what the computer is for, then lands there and orders the menu for it', async () => {
    const { page, problems } = app()
    await startTraining(page)
    // Nothing chosen yet: the question sits above the profile, blocking nothing.
    await page.getByTestId('station-chooser').waitFor()
    await screenshot(page, 'stations-01-question')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'stations-01-question-1024')
    await page.setViewportSize({ width: 1366, height: 768 })

    await page.getByTestId('station-warehouse').click()
    await page.getByTestId('dispatch-view').waitFor()
    expect(await page.getByTestId('station-chooser').count()).toBe(0)
    const warehouseMenu = await menuOrder(page)
    expect(warehouseMenu[0]).toBe('menu-dispatch')
    // The back office is folded on a warehouse computer: its screens are not shown until opened.
    expect(await page.getByTestId('menu-graphql').isVisible()).toBe(false)
    await screenshot(page, 'stations-02-warehouse')

    // Opening the app again lands on Dispatch, and the question is not asked again.
    await page.goto(page.url().replace(/#.*$/, '#/'))
    await page.getByTestId('dispatch-view').waitFor()
    expect(await page.getByTestId('station-chooser').count()).toBe(0)
    // Also when the app starts afresh (a new document, the preferences not yet loaded when the route resolves).
    await page.goto(page.url().replace(/#.*$/, ''))
    await page.getByTestId('dispatch-view').waitFor()
    expect(page.url()).toMatch(/#\/dispatch$/)

    // Settings change it: a counter lands on New booking.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-settings').click()
    await chooseOption(page, page.getByTestId('settings-station'), 'Mostrador')
    await page.keyboard.press('Escape')
    await page.goto(page.url().replace(/#.*$/, '#/'))
    await page.getByTestId('newBooking-view').waitFor()
    expect((await menuOrder(page))[0]).toBe('menu-counter')
    await screenshot(page, 'stations-03-counter')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
