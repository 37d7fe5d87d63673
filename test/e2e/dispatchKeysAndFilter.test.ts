import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, focusedTestId, startTraining, text, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'

// Issue 30, items 5 and 6 on Dispatch: the digit keys meant for the tabs typed into the scan box that
// holds the focus, and the destination filter showed the agency's raw id once its bookings had left the tab.
const facts = bookingFacts[101]
const scanInput = (page: Parameters<typeof openDispatch>[0]) => page.getByTestId('dispatch-scan').locator('input')
const selectedTab = (page: Parameters<typeof openDispatch>[0], key: string) =>
  page.getByTestId(`dispatch-tab-${key}`).getAttribute('aria-selected')

describe('dispatch: tab keys and the destination filter', () => {
  const app = useFreshApp()

  it('opens the tabs with Ctrl+1–4 from the scan box without typing into it, and says so on each tab', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await startTraining(page)
    await openDispatch(page)
    await expect.poll(() => focusedTestId(page)).toBe('dispatch-scan')

    await expectText(page.getByTestId('dispatch-tab-inTransitIn'), /^Ctrl\+3/)
    await page.keyboard.press('Control+3')
    await expect.poll(() => selectedTab(page, 'inTransitIn')).toBe('true')
    await page.keyboard.press('Control+2')
    await expect.poll(() => selectedTab(page, 'inTransitOut')).toBe('true')
    expect(await scanInput(page).inputValue()).toBe('')
    await expect.poll(() => focusedTestId(page)).toBe('dispatch-scan')
    // Away from the menu's tooltip, and past the tab's colour change, before the picture.
    await page.mouse.move(900, 700)
    await page.waitForTimeout(400)
    await screenshot(page, 'dispatch-50-tab-keys-1024')

    // A digit typed in the box is a code being scanned: it stays in the box and the tab does not change.
    await page.keyboard.type('4')
    expect(await scanInput(page).inputValue()).toBe('4')
    expect(await selectedTab(page, 'inTransitOut')).toBe('true')
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.keyboard.press('Control+1')
    await expect.poll(() => selectedTab(page, 'toShip')).toBe('true')
    await screenshot(page, 'dispatch-51-tab-keys-1366')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it("keeps the filtered destination's name once all its bookings are shipped", async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openDispatch(page)

    const card = dispatchCard(page, facts.bookings.withBundle)
    const destination = (await text(card.getByTestId('card-other'))).replace(/^Para /, '')
    await page.getByTestId('dispatch-filter-agency').click()
    await page.getByTestId('dispatch-filter-agency-menu').getByText(destination, { exact: true }).click()
    await expectText(page.getByTestId('dispatch-filter-agency'), destination)

    await page.getByTestId('dispatch-select-all').click()
    await page.getByTestId('dispatch-ship-selected').click()
    await page.getByTestId('ship-confirm').click()
    await expect.poll(() => page.getByTestId('ship-dialog').count()).toBe(0)
    if ((await page.getByTestId('manifest-dialog').count()) > 0) await page.getByTestId('manifest-skip').click()
    await page.getByTestId('dispatch-empty').waitFor()
    await expectText(page.getByTestId('dispatch-filter-agency'), destination)
    expect(await text(page.getByTestId('dispatch-filter-agency'))).not.toMatch(/^#?\d+$/)
    await screenshot(page, 'dispatch-52-filter-name-1366')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
