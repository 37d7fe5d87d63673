import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, focusIn, openNewBooking, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'

// A clerk keeps a draft before knowing where it goes (issue 30, requirement 6): Ctrl+S saves it without a
// destination; confirming it later asks for the destination first, and only then does it go out.
const facts = bookingFacts[101]

const inDestination = (page: Page) => focusIn(page, 'booking-destination')

describe('a draft kept without a destination', () => {
  const app = useFreshApp()

  it('is saved by Ctrl+S, listed as having none, and asks for one before it is confirmed', { timeout: 180_000 }, async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await openNewBooking(page)
    await scan(page, facts.stockedItem.code)
    await expect.poll(() => page.getByTestId('booking-line').count()).toBe(1)
    // No destination chosen: the field shows its placeholder.
    expect(await text(page.getByTestId('booking-destination'))).toBe('Elegir agencia')

    await page.keyboard.press('Control+s')
    await page.locator('.n-message', { hasText: 'Borrador' }).waitFor()
    expect(await page.locator('[data-missing]').count()).toBe(0)
    await expect.poll(() => page.getByTestId('booking-line').count()).toBe(0)

    await page.getByTestId('menu-bookings').click()
    const draft = page.locator('[data-testid="booking-row"][data-state="draft"]')
    await expectText(draft.getByTestId('booking-destination-name'), 'Sin destino')
    await screenshotAtBothWidths(page, 'draftWithoutDestination-list')
    const id = await draft.getAttribute('data-local-id')

    // Confirming it opens it on the destination, with a word of why; nothing is queued yet.
    await draft.getByTestId('booking-submit').click()
    await page.locator('.n-message', { hasText: 'Elija el destino' }).waitFor()
    await page.getByTestId('newBooking-view').waitFor()
    await expect.poll(() => inDestination(page)).toBe(true)
    await screenshotAtBothWidths(page, 'draftWithoutDestination-edit')
    await page.keyboard.press('Enter')
    const option = page.locator('.n-base-select-option').first()
    const destination = await text(option)
    await option.click()
    await page.keyboard.press('Control+Enter')

    const row = page.locator(`[data-testid="booking-row"][data-local-id="${id}"]`)
    await expectText(row.getByTestId('booking-destination-name'), destination)
    await expect.poll(() => text(row.getByTestId('sync-state')), { timeout: 60_000 }).toBe('Sincronizada')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
