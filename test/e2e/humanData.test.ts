import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, openDiagnostics, startTraining, text, unexpectedProblems } from './support/actions'

// Issue 30, item 5: screens showed ids, English enumerations and an HTTP 404 as "Correcto".

describe('human data on the back-office screens', () => {
  const app = useFreshApp()

  it('Company names the currency and the country, and says the costing method and gender in words', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('menu-company').click()
    await expectText(page.getByTestId('company-field-currencyId'), /^Quetzal guatemalteco \(GTQ\)$/)
    await expectText(page.getByTestId('company-field-countryId'), /^Guatemala$/)
    await expectText(page.getByTestId('company-field-costingMethod'), /^Costo promedio ponderado$/)
    await expectText(page.getByTestId('company-field-legalRepresentativeGender'), /^Femenino$/)
    // No label announces an id to the clerk.
    expect(await text(page.getByTestId('company-card'))).not.toMatch(/\(id\)/)
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 })
      await screenshot(page, `words-01-company-${width}`)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('Diagnostics speaks Spanish in its details and does not pass an address that answers 404', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDiagnostics(page)
    const service = page.getByTestId('check-service')
    await expectText(service, /Servicio accesible/)
    // A 404 as a status, not the digits of a port (the training service's is random: 127.0.0.1:40489 once).
    expect(await text(service)).not.toMatch(/\b404\b/)
    expect(await service.getAttribute('data-level')).toBe('ok')
    // The clock's detail in the clerk's language, not "offset … (service minus this computer)".
    await expectText(page.getByTestId('check-clock'), /diferencia/)
    const checks = await text(page.getByTestId('diagnostics-checks'))
    expect(checks).not.toMatch(/\b(offset|service minus|this computer|no answer within)\b/)
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 })
      await screenshot(page, `words-02-diagnostics-${width}`)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('a dynamic table numbers its rows from 1 as listed, and says nothing of GraphQL', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('menu-dynamicTables').click()
    const table = page.getByTestId('tables-table').locator('tr', { hasText: 'Tarifas de envío' })
    await table.waitFor()
    const id = ((await table.getAttribute('data-testid')) ?? '').replace('table-row-', '')
    await page.getByTestId(`table-rows-${id}`).click()
    const first = () => page.getByTestId('rows-grid').locator('tbody tr').first()
    await expectText(first(), 'Zona 1')
    expect(await text(page.getByTestId('table-card'))).not.toMatch(/GraphQL/)
    const rowId = ((await first().getAttribute('data-testid')) ?? '').replace('grid-row-', '')
    await page.getByTestId(`row-delete-${rowId}`).click()
    await expectText(page.getByTestId('row-delete-dialog'), '¿Eliminar la fila 1?')
    await page.getByTestId('row-delete-confirm').click()
    await expectText(first(), 'Mixco')
    // The row the service keeps as number 2 is now the first of the table, and is numbered so.
    expect(await text(first().locator('td').first())).toBe('1')
    await screenshot(page, 'words-04-dynamic-table-1366')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it("a consolidate's candidate order has the state its own screen gives it", async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('menu-consolidates').click()
    await page.getByTestId('consolidates-view').waitFor()
    await page.keyboard.press('Alt+KeyN')
    await page.getByTestId('consolidate-new-view').waitFor()
    // PED-5480 (7004) is partly received: its reception screen says so, and so does this list now.
    const row = page.locator('[data-testid="order-row"][data-order-id="7004"]')
    await row.waitFor()
    await expect.poll(() => row.getByTestId('order-state').getAttribute('data-state')).toBe('partlyReceived')
    await expectText(row.getByTestId('order-state'), 'Recibida en parte')
    await screenshot(page, 'words-05-consolidate-candidates-1366')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('a refusal the fields already say is not repeated in general words above them', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('menu-pieceworkTypeGroups').click()
    await page.getByTestId('piecework-table').waitFor()
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.keyboard.press('n')
    await input(page, 'piecework-name').waitFor()
    await page.getByTestId('piecework-save').click()
    await expectText(page.getByTestId('piecework-error-name'), 'Escriba el nombre del grupo.')
    expect(await page.getByTestId('piecework-error').count()).toBe(0)
    expect(await text(page.getByTestId('piecework-dialog'))).not.toMatch(/no son válidos/)
    await screenshot(page, 'words-03-piecework-empty-name-1024')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
