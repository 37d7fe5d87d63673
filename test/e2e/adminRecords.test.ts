import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'

/** A structure row's cells: field, type, required, default. */
async function fieldRow(page: Page, field: string): Promise<string[]> {
  const row = page.getByTestId(`documents-field-${field}`)
  await row.waitFor()
  return Promise.all((await row.locator('td').all()).map((td) => text(td)))
}

describe('piecework type groups and document structures', () => {
  const app = useFreshApp()

  it('creates, edits and deletes a piecework group; a duplicate name is refused on the field and the dialog keeps what was typed', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-pieceworkTypeGroups').click()
    const table = page.getByTestId('piecework-table')
    await expectText(table, 'Armado de muebles')

    await page.keyboard.press('n')
    await input(page, 'piecework-name').fill('pintura')
    await page.getByTestId('piecework-description').locator('textarea').fill('Por puerta lijada')
    await page.getByTestId('piecework-save').click()
    await expectText(page.getByTestId('piecework-error-name'), 'ya está en uso')
    expect(await page.getByTestId('piecework-description').locator('textarea').inputValue()).toBe('Por puerta lijada')
    await screenshot(page, 'admin-05-piecework-duplicate')

    await input(page, 'piecework-name').fill('Lijado')
    await input(page, 'piecework-code').fill('LIJ')
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('piecework-dialog').waitFor({ state: 'detached' })
    const row = table.locator('tr', { hasText: 'Lijado' })
    await expectText(row, 'LIJ')
    await expectText(row, 'Por puerta lijada')
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('piecework-row-', '')

    await page.getByTestId(`piecework-edit-${id}`).click()
    expect(await input(page, 'piecework-name').inputValue()).toBe('Lijado')
    await input(page, 'piecework-code').fill('')
    await page.getByTestId('piecework-save').click()
    await page.getByTestId('piecework-dialog').waitFor({ state: 'detached' })
    await expect.poll(async () => (await text(page.getByTestId(`piecework-row-${id}`))).includes('LIJ')).toBe(false)

    await page.getByTestId(`piecework-delete-${id}`).click()
    await expectText(page.getByTestId('piecework-delete-dialog'), '¿Eliminar el grupo «Lijado»?')
    await page.getByTestId('piecework-delete-dialog-cancel').click()
    await page.getByTestId(`piecework-row-${id}`).waitFor()
    await page.getByTestId(`piecework-delete-${id}`).click()
    await page.getByTestId('piecework-delete-dialog-confirm').click()
    await page.getByTestId(`piecework-row-${id}`).waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows the fields of the document type picked', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-documentStructures').click()
    expect(await fieldRow(page, 'infinite')).toEqual(['infinite', 'boolean', 'Obligatorio', 'No'])
    expect(await fieldRow(page, 'taxable')).toEqual(['taxable', 'boolean', 'Obligatorio', 'Sí'])
    await page.getByTestId('documents-type-case').click()
    expect(await fieldRow(page, 'priority')).toEqual(['priority', 'integer', 'Obligatorio', '3'])
    expect(await page.getByTestId('documents-field-infinite').count()).toBe(0)
    expect(await fieldRow(page, 'reference')).toEqual(['reference', 'string', 'Opcional', '(ninguno)'])
    await screenshot(page, 'admin-06-document-structure')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
