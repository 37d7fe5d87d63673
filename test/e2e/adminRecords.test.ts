import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
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

    // The service refuses the code: the refusal lands on the Code field, by our name for it, and the name's mark goes.
    await input(page, 'piecework-name').fill('Lijado')
    await input(page, 'piecework-code').fill('invalid')
    await page.getByTestId('piecework-save').click()
    await expectText(page.getByTestId('piecework-error-code'), 'no es válido')
    await expect.poll(() => page.getByTestId('piecework-error-name').count()).toBe(0)
    await screenshot(page, 'admin-05b-piecework-code-refused')
    await input(page, 'piecework-code').fill('LIJ')
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('piecework-dialog').waitFor({ state: 'detached' })
    const row = table.locator('tr', { hasText: 'Lijado' })
    await expectText(row, 'LIJ')
    await expectText(row, 'Por puerta lijada')
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('piecework-row-', '')
    await screenshotAtBothWidths(page, 'admin-09-piecework-list')

    await page.getByTestId(`piecework-edit-${id}`).click()
    expect(await input(page, 'piecework-name').inputValue()).toBe('Lijado')
    await input(page, 'piecework-code').fill('')
    await page.getByTestId('piecework-save').click()
    await page.getByTestId('piecework-dialog').waitFor({ state: 'detached' })
    await expect.poll(async () => (await text(page.getByTestId(`piecework-row-${id}`))).includes('LIJ')).toBe(false)

    await page.getByTestId(`piecework-delete-${id}`).click()
    await expectText(page.getByTestId('piecework-delete-dialog'), '¿Eliminar el grupo «Lijado»?')
    // Esc cancels: the dialog goes and the group stays.
    await page.keyboard.press('Escape')
    await page.getByTestId('piecework-delete-dialog').waitFor({ state: 'detached' })
    await page.getByTestId(`piecework-row-${id}`).waitFor()
    // The confirmation opens with focus on its primary button, so Enter deletes.
    await page.getByTestId(`piecework-delete-${id}`).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('piecework-delete-confirm')
    expect(await text(page.getByTestId('piecework-delete-confirm'))).toBe('Eliminar')
    expect(await text(page.getByTestId('piecework-delete-cancel'))).toBe('Cancelar')
    await screenshotAtBothWidths(page, 'admin-10-piecework-delete')
    await page.keyboard.press('Enter')
    await page.getByTestId(`piecework-row-${id}`).waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows the fields of the document type picked', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-documentStructures').click()
    // Each field and its type in words (issue 30, item 5), the service's own name after it for support.
    expect(await fieldRow(page, 'infinite')).toEqual(['Sin fecha de fin infinite', 'Sí o no', 'Obligatorio', 'No'])
    expect(await fieldRow(page, 'taxable')).toEqual(['Afecto a impuestos taxable', 'Sí o no', 'Obligatorio', 'Sí'])
    expect(await fieldRow(page, 'payee_id')).toEqual(['Beneficiario payee_id', 'Otro registro (su número)', 'Obligatorio', '(ninguno)'])
    await page.getByTestId('documents-type-case').click()
    expect(await fieldRow(page, 'priority')).toEqual(['Prioridad priority', 'Número entero', 'Obligatorio', '3'])
    expect(await page.getByTestId('documents-field-infinite').count()).toBe(0)
    expect(await fieldRow(page, 'reference')).toEqual(['Referencia reference', 'Texto', 'Opcional', '(ninguno)'])
    await screenshot(page, 'admin-06-document-structure')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('renames and deletes a dynamic table, and edits a row', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-dynamicTables').click()
    const row = page.getByTestId('tables-table').locator('tr', { hasText: 'Tarifas de envío' })
    await row.waitFor()
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('table-row-', '')

    await page.getByTestId(`table-rows-${id}`).click()
    const first = page.getByTestId('rows-grid').locator('tbody tr').first()
    await expectText(first, 'Zona 1')
    const rowId = ((await first.getAttribute('data-testid')) ?? '').replace('grid-row-', '')
    await page.getByTestId(`row-edit-${rowId}`).click()
    expect(await input(page, 'row-field-1').inputValue()).toBe('25')
    await input(page, 'row-field-1').fill('27.75')
    await page.getByTestId('row-save').click()
    await page.getByTestId('row-dialog').waitFor({ state: 'detached' })
    // Numbers as the Guatemalan entity writes them (not Spain's 27,75).
    await expectText(page.getByTestId(`grid-row-${rowId}`), '27.75')

    await page.getByTestId('table-back').click()
    await page.getByTestId(`table-rename-${id}`).click()
    await input(page, 'table-rename-name').fill('Tarifas 2026')
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId(`table-row-${id}`), 'Tarifas 2026')

    await page.getByTestId(`table-delete-${id}`).click()
    await expectText(page.getByTestId('table-delete-dialog'), 'todas sus filas')
    await page.getByTestId('table-delete-confirm').click()
    await page.getByTestId(`table-row-${id}`).waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows a row another app wrote with booleans, and editing one cell leaves the others as they were', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    await page.getByTestId('menu-dynamicTables').click()
    const row = page.getByTestId('tables-table').locator('tr', { hasText: 'Tarifas de envío' })
    await row.waitFor()
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('table-row-', '')
    // Written straight to the service, as another app would: booleans in a text and a number column.
    const service = await trainingService()
    const written = await fetch(`${service.url}/apps/webapp_tables/${id}/webapp_rows.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Email': service.email, 'X-User-Token': service.token },
      body: JSON.stringify({ webapp_row: { data: { Destino: true, Tarifa: false } } }),
    })
    expect(written.status).toBe(201)
    const rowId = String(((await written.json()) as { id: number }).id)

    await page.getByTestId(`table-rows-${id}`).click()
    const line = page.getByTestId(`grid-row-${rowId}`)
    await expectText(line, /Sí.*No/s)
    await page.getByTestId(`row-edit-${rowId}`).click()
    await input(page, 'row-field-0').fill('Centro')
    await page.getByTestId('row-save').click()
    await page.getByTestId('row-dialog').waitFor({ state: 'detached' })
    await expectText(line, /Centro.*No/s)
    await screenshot(page, 'admin-09-row-with-booleans')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows the company read-only with its logos drawn', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-company').click()
    await expectText(page.getByTestId('company-field-vat'), '12')
    // Each field under its own label (the labels are looked up by the field's name).
    await expectText(page.getByTestId('company-card'), /Precios con IVA incluido.*Fecha de nacimiento del representante legal/s)
    for (const field of ['logo', 'reportLogo']) {
      const img = page.getByTestId(`company-logo-${field}`).locator('img')
      await img.waitFor()
      // The image arrived and decoded: the policy lets the sandbox's upload through.
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    }
    await expectText(page.getByTestId('company-logo-reportLogo'), 'Logotipo de informes')
    expect(await page.getByTestId('company-logo-logo2').count()).toBe(0)
    await screenshot(page, 'admin-08-company-logos')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
