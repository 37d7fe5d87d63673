import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'

// Switching company on a bundle's screen left that company's bundle standing under the new one: its form, its
// edits and its Save, with the new company's lists empty beside it.
describe('switching company on the screen of one record', () => {
  const app = useFreshApp()

  it('goes back to the menu screen first; with unsaved changes it asks, and staying keeps the company', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    const company = await text(page.getByTestId('header-entity'))
    await page.getByTestId('catalogue-row').first().click()
    await page.keyboard.press('Enter')
    await page.getByTestId('bundle-view').waitFor()

    // Unsaved changes: the bundle screen asks; Esc stays, with the changes and in the same company.
    await input(page, 'bundle-name').fill('Cambio sin guardar')
    await page.getByTestId('header-entity').click()
    await page.locator('[data-testid^="entity-option-"]').first().click()
    await page.getByTestId('bundle-discard-dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('bundle-discard-dialog').waitFor({ state: 'detached' })
    expect(await input(page, 'bundle-name').inputValue()).toBe('Cambio sin guardar')
    await expectText(page.getByTestId('header-entity'), company)

    // Discarded: the catalogue opens, then the other company.
    await page.getByTestId('header-entity').click()
    await page.locator('[data-testid^="entity-option-"]').first().click()
    await page.getByTestId('bundle-discard-confirm').click()
    await page.getByTestId('catalogue-view').waitFor()
    await expect.poll(() => text(page.getByTestId('header-entity'))).not.toBe(company)
    expect(await page.getByTestId('bundle-view').count()).toBe(0)
    await screenshotAtBothWidths(page, 'entity-switch-from-bundle')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
