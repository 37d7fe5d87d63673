import { describe, expect, it } from 'vitest'
import { ean13CheckDigit } from '@shared/catalogue'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, rowByCode, searchList } from './support/catalogue'

const facts = bundleFacts[101]

describe('bundle editor', () => {
  const app = useFreshApp()

  it('shows the duplicate code on the code field, keeps the form, and creates the bundle once the code is fixed', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)

    await page.getByTestId('catalogue-new').click()
    await expectText(page.getByTestId('bundle-title'), 'Nuevo conjunto')
    await input(page, 'bundle-code').fill(facts.withMovements.code)
    await input(page, 'bundle-name').fill('Kit de prueba de punta a punta')

    // The barcode is checked as it is typed: a wrong check digit says which one is right.
    const first12 = '740910099999'
    const right = ean13CheckDigit(first12)
    await input(page, 'bundle-ean13').fill(`${first12}${(right + 1) % 10}`)
    await expectText(page.getByTestId('bundle-error-ean13'), `debería ser ${right}`)
    await input(page, 'bundle-ean13').fill(`${first12}${right}`)
    await expectText(page.getByTestId('bundle-ean13-hint'), 'Código de barras válido.')

    // Two components from the item search, which shows each item's stock.
    await page.getByTestId('bundle-item-search').click()
    const options = page.getByTestId('item-option')
    await options.first().waitFor()
    await expectText(options.first(), /existencia/)
    const firstItem = (await options.nth(0).getAttribute('data-code')) ?? ''
    await options.nth(0).click()
    await page.getByTestId('bundle-item-search').click()
    await options.nth(1).waitFor()
    await options.nth(1).click()
    await expect.poll(() => page.getByTestId('component-row').count()).toBe(2)
    await page.getByTestId('component-row').first().getByTestId('component-quantity').locator('input').fill('2,5')
    expect(await text(page.getByTestId('component-row').first().getByTestId('component-code'))).toBe(firstItem)

    await page.getByTestId('bundle-save').click()
    await expectText(page.getByTestId('bundle-error-code'), 'ya está en uso')
    await expectText(page.getByTestId('bundle-save-error'), 'Revise los datos marcados.')
    // Nothing typed is lost.
    expect(await input(page, 'bundle-name').inputValue()).toBe('Kit de prueba de punta a punta')
    expect(await input(page, 'bundle-ean13').inputValue()).toBe(`${first12}${right}`)
    expect(await page.getByTestId('component-row').count()).toBe(2)
    await screenshot(page, 'bundle-01-duplicate-code')
    await page.getByTestId('bundle-components').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-01b-components')

    // Changing the code takes the service's complaint off it; saving creates the bundle.
    await input(page, 'bundle-code').fill('E2E-00001')
    await expect.poll(() => page.getByTestId('bundle-error-code').count()).toBe(0)
    await page.getByTestId('bundle-save').click()
    await expectText(page.getByTestId('bundle-title'), 'E2E-00001 — Kit de prueba de punta a punta')
    await expect.poll(() => page.evaluate<string>('location.hash')).toMatch(/^#\/catalogue\/bundles\/\d+$/)
    await expectText(page.getByTestId('bundle-source'), 'Recién leído del servicio')
    expect(await page.getByTestId('bundle-save-error').count()).toBe(0)
    expect(await page.getByTestId('component-quantity').first().locator('input').inputValue()).toBe('2.5')
    await screenshot(page, 'bundle-02-created')

    await page.getByTestId('bundle-back').click()
    await searchList(page, 'E2E-00001')
    const row = rowByCode(page, 'E2E-00001')
    await expectText(row.getByTestId('catalogue-cell-name'), 'Kit de prueba de punta a punta')
    await expectText(row.getByTestId('catalogue-cell-ean13'), `${first12}${right}`)
    await expectText(row.getByTestId('catalogue-cell-components'), '2')
    await screenshot(page, 'bundle-03-in-the-list')

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('refuses to delete a bundle with movements, deletes one without, and lists a dynamic bundle’s items', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)

    // A dynamic bundle: its availability is "by category" and its items come from the service.
    await searchList(page, facts.dynamic.code)
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('bundle-title'), facts.dynamic.code)
    await expectText(page.getByTestId('bundle-available'), 'por categoría')
    await page.getByTestId('bundle-dynamic-items').waitFor()
    await expect.poll(() => page.getByTestId('dynamic-item-row').count()).toBeGreaterThan(0)
    await page.getByTestId('bundle-dynamic-items').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-04-dynamic')

    // A bundle with movements: the service says no, and the dialog says why.
    await page.getByTestId('bundle-back').click()
    await searchList(page, facts.withMovements.code)
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('bundle-title'), facts.withMovements.code)
    await page.getByTestId('bundle-delete').click()
    await page.getByTestId('bundle-delete-confirm').click()
    await expectText(page.getByTestId('bundle-delete-refused'), 'ya tiene movimientos')
    await expectText(page.getByTestId('bundle-delete-refused-detail'), 'tiene movimientos')
    await screenshot(page, 'bundle-05-delete-refused')
    // A refusal leaves one way out, focused, so Enter closes it.
    expect(await text(page.getByTestId('bundle-delete-cancel'))).toBe('Entendido')
    expect(await page.getByTestId('bundle-delete-confirm').count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bundle-delete-cancel')
    await page.keyboard.press('Enter')
    await page.getByTestId('bundle-delete-dialog').waitFor({ state: 'detached' })

    // One without: gone from the service and from the list.
    await page.getByTestId('bundle-back').click()
    await searchList(page, facts.deletable.code)
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('bundle-title'), facts.deletable.code)
    // Leaving with unsaved changes asks first, focused on "discard"; Esc stays with the changes.
    await input(page, 'bundle-name').fill('Cambio sin guardar')
    await page.getByTestId('bundle-back').click()
    await page.getByTestId('bundle-discard-dialog').waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bundle-discard-confirm')
    await page.keyboard.press('Escape')
    await page.getByTestId('bundle-discard-dialog').waitFor({ state: 'detached' })
    expect(await input(page, 'bundle-name').inputValue()).toBe('Cambio sin guardar')
    // The delete confirmation opens on its primary button: Enter deletes.
    await page.getByTestId('bundle-delete').click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bundle-delete-confirm')
    await page.keyboard.press('Enter')
    await page.getByTestId('catalogue-view').waitFor()
    await expectText(page.locator('.n-message'), `Se eliminó el conjunto ${facts.deletable.code}.`)
    await input(page, 'catalogue-search').fill(facts.deletable.code)
    await expect.poll(() => rowByCode(page, facts.deletable.code).count()).toBe(0)

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
