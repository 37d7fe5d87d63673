import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { chooseOption, expectText, input, startTraining, text, unexpectedProblems } from './support/actions'

/** Picks an option of a naive-ui select by its visible text. */
async function choose(page: Page, selectTestId: string, option: string | RegExp): Promise<void> {
  await chooseOption(page, page.getByTestId(selectTestId), option)
}

/** The cells of a grid row as the user reads them. */
async function cells(page: Page, rowTestId: string): Promise<string[]> {
  const tds = page.getByTestId(rowTestId).locator('td')
  const out: string[] = []
  for (let i = 0; i < (await tds.count()); i++) out.push(await text(tds.nth(i)))
  return out
}

describe('administration and apps', () => {
  const app = useFreshApp()

  it('changing the language in the profile changes the menu at once, and the profile read back after a reload keeps it', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await expectText(page.getByTestId('menu-catalogue'), 'Catálogo')

    await choose(page, 'profile-form-language', 'English')
    await input(page, 'profile-form-phone').fill('+502 5555 7777')
    await page.getByTestId('profile-form-save').click()

    await expectText(page.getByTestId('menu-catalogue'), 'Catalogue')
    await expectText(page.getByTestId('menu-administration'), 'Administration')
    await expectText(page.getByTestId('profile-language'), 'English (en)')
    await screenshot(page, 'admin-01-profile-english')

    // After a reload the profile read from the service still says English, and so does the form.
    await page.reload()
    await expectText(page.getByTestId('menu-catalogue'), 'Catalogue')
    await expectText(page.getByTestId('profile-language'), 'English (en)')
    expect(await input(page, 'profile-form-phone').inputValue()).toBe('+502 5555 7777')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('a blank name is refused on the field and what was typed stays', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await input(page, 'profile-form-name').fill('')
    await input(page, 'profile-form-phone').fill('+502 1234 5678')
    await page.keyboard.press('Control+s')
    await expectText(page.getByTestId('profile-form'), 'Escriba un valor.')
    expect(await input(page, 'profile-form-phone').inputValue()).toBe('+502 1234 5678')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('creates a dynamic table with a text and a number column, adds rows and shows them in the grid read through GraphQL', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-dynamicTables').click()
    await page.getByTestId('dynamicTables-view').waitFor()
    await expectText(page.getByTestId('tables-table'), 'Tarifas de envío')

    await page.getByTestId('table-new').click()
    await input(page, 'table-designer-name').fill('Fletes por ruta')
    await input(page, 'table-designer-column-name-0').fill('Ruta')
    await page.getByTestId('table-designer-add-column').click()
    await input(page, 'table-designer-column-name-1').fill('Costo')
    await choose(page, 'table-designer-column-type-1', 'Número')
    await screenshot(page, 'admin-02-table-designer')
    await page.getByTestId('table-designer-save').click()
    await page.getByTestId('table-designer-dialog').waitFor({ state: 'detached' })
    await expectText(page.getByTestId('tables-table'), 'Fletes por ruta')

    await page.getByRole('link', { name: 'Fletes por ruta' }).click()
    await expectText(page.getByTestId('table-card'), 'Fletes por ruta')
    await page.getByTestId('rows-empty').waitFor()

    // A word in the number column is refused before anything is sent, and the row keeps what was typed.
    await page.getByTestId('row-new').click()
    await input(page, 'row-field-0').fill('Norte')
    await input(page, 'row-field-1').fill('doce')
    await page.getByTestId('row-save').click()
    await expectText(page.getByTestId('row-field-error-1'), 'Escriba un número')
    expect(await input(page, 'row-field-0').inputValue()).toBe('Norte')
    await input(page, 'row-field-1').fill('12.5')
    await page.getByTestId('row-save').click()
    await page.getByTestId('row-dialog').waitFor({ state: 'detached' })

    await page.keyboard.press('n')
    await input(page, 'row-field-0').fill('Sur')
    await input(page, 'row-field-1').fill('1500')
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('row-dialog').waitFor({ state: 'detached' })

    const grid = page.getByTestId('rows-grid')
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(2)
    const rows = grid.locator('tbody tr')
    const firstId = ((await rows.nth(0).getAttribute('data-testid')) ?? '').replace('grid-row-', '')
    const secondId = ((await rows.nth(1).getAttribute('data-testid')) ?? '').replace('grid-row-', '')
    expect(Number(secondId)).toBeGreaterThan(Number(firstId))
    // Rows numbered as listed (the service's ids stay behind), and the number as the (Guatemalan) entity
    // writes it, not Spain's 12,5 and 1500.
    expect((await cells(page, `grid-row-${firstId}`)).slice(0, 3)).toEqual(['1', 'Norte', '12.5'])
    expect((await cells(page, `grid-row-${secondId}`)).slice(0, 3)).toEqual(['2', 'Sur', '1,500'])
    await screenshot(page, 'admin-03-rows-grid')

    // The same rows, asked of the service again: the grid is what GraphQL holds, not what the form sent.
    await page.getByTestId('table-reload').click()
    await expect.poll(() => cells(page, `grid-row-${firstId}`).then((c) => c[1])).toBe('Norte')

    await page.getByTestId(`row-delete-${firstId}`).click()
    await page.getByTestId('row-delete-confirm').click()
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(1)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('runs a GraphQL query in the console and shows the result as a table and a tree', async () => {
    const { page, problems } = app()
    await startTraining(page)
    // The editor (CodeMirror and the GraphQL language service, most of the console's weight) loads only when
    // the console opens: no script loaded so far holds it, and one of those the console brings does.
    const holdsEditor = (urls: string[]) =>
      page.evaluate(async (list) => {
        for (const url of list) if ((await (await fetch(url)).text()).includes('cm-content')) return true
        return false
      }, urls)
    const loadedSoFar = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    )
    expect(loadedSoFar.length).toBeGreaterThan(5)
    expect(await holdsEditor(loadedSoFar)).toBe(false)
    const broughtByConsole: string[] = []
    page.on('response', (r) => void (r.url().endsWith('.js') && broughtByConsole.push(r.url())))
    await page.getByTestId('menu-graphql').click()
    await page.getByTestId('graphql-view').waitFor()
    expect(await holdsEditor(broughtByConsole)).toBe(true)
    await expectText(page.getByTestId('graphql-validity'), /Acceso válido por (5 días|4 días)/)

    const editor = page.getByTestId('graphql-query')
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.press('Delete')
    await page.keyboard.type(
      'query($name: String!) { webapp_table_rows(where: {webapp_table: {name: {_eq: $name}}}, order_by: [{id: asc}]) { id data } }',
    )
    await page.getByTestId('graphql-variables').locator('textarea').fill('{"name": "Tarifas de envío"}')
    await editor.click()
    await page.keyboard.press('Control+Enter')

    const table = page.getByTestId('graphql-table')
    await expectText(table, 'Zona 1')
    await expectText(page.getByTestId('graphql-result'), 'webapp_table_rows: 3')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3)
    await screenshot(page, 'admin-04-graphql-table')

    await page.locator('.n-tabs-tab', { hasText: 'Árbol' }).click()
    await expectText(page.getByTestId('graphql-tree'), 'webapp_table_rows [3]')

    // A mistake in the query is the service's error message, shown as such.
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText('{ no_such_table { id } }')
    await page.getByTestId('graphql-run').click()
    await expectText(page.getByTestId('graphql-errors'), 'no_such_table')

    // Ctrl+Z brings the previous query back.
    await editor.click()
    await page.keyboard.press('Control+z')
    await expectText(editor, 'webapp_table_rows')
    expect(await text(editor)).not.toContain('no_such_table')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
