import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, rowByCode } from './support/catalogue'

const facts = bundleFacts[101]
const scratch = mkdtempSync(join(tmpdir(), 'mostrador-e2e-files-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Clicks an export entry and returns the file the browser saved. */
async function exportAs(page: Page, format: 'csv' | 'xlsx'): Promise<{ name: string; path: string }> {
  await page.getByTestId('catalogue-export').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`catalogue-export-${format}`).click()])
  const path = join(scratch, download.suggestedFilename())
  await download.saveAs(path)
  return { name: download.suggestedFilename(), path }
}

type Sheet = Record<string, string>

/** The data rows of a sheet as objects keyed by the header row (exceljs numbers cells from 1). */
function records(sheet: ExcelJS.Worksheet): Sheet[] {
  const cell = (v: ExcelJS.CellValue | undefined) => (v === undefined || v === null ? '' : String(v))
  const header: string[] = []
  sheet.getRow(1).eachCell((c, i) => (header[i] = cell(c.value)))
  const rows: Sheet[] = []
  sheet.eachRow((row, n) => {
    if (n === 1) return
    const record: Sheet = {}
    header.forEach((name, i) => (record[name] = cell(row.getCell(i).value)))
    rows.push(record)
  })
  return rows
}

async function chooseImportFile(page: Page, path: string): Promise<void> {
  await page.getByTestId('import-file-input').setInputFiles(path)
}

describe('catalogue files', () => {
  const app = useFreshApp()

  it('exports the filtered list to CSV and Excel, previews an edited file with its duplicate codes flagged, and imports it once fixed', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)

    // Filter by a tag: the export holds exactly what the list shows.
    const tag = facts.withMovements.tags[0]!
    await page.locator(`[data-testid="catalogue-tag"][data-tag="${tag}"]`).click()
    await expect.poll(async () => await page.locator('[data-testid="catalogue-tag"][aria-pressed="true"]').count()).toBe(1)
    await expect.poll(() => text(page.getByTestId('catalogue-count'))).toMatch(/^\d+ conjuntos?$/)
    const shown = Number((await text(page.getByTestId('catalogue-count'))).replace(/\D/g, ''))
    const firstShown = await text(page.getByTestId('catalogue-row').first().getByTestId('catalogue-cell-code'))

    const csv = await exportAs(page, 'csv')
    expect(csv.name).toMatch(/\.csv$/)
    await expectText(page.locator('.n-message'), `Se guardó ${csv.name}.`)
    const csvBook = new ExcelJS.Workbook()
    await csvBook.csv.read(Readable.from(readFileSync(csv.path)))
    const csvRows = records(csvBook.worksheets[0]!)
    expect(csvRows).toHaveLength(shown)
    expect(csvRows.every((r) => r.tags!.split('|').includes(tag))).toBe(true)
    expect(csvRows[0]!.code).toBe(firstShown)

    const xlsx = await exportAs(page, 'xlsx')
    expect(xlsx.name).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(xlsx.path)
    const sheet = book.worksheets[0]!
    const exported = records(sheet)
    expect(exported.map((r) => r.code)).toEqual(csvRows.map((r) => r.code))
    await screenshot(page, 'files-01-filtered-list')

    // Edit the export: two rows as they were (nothing to send), one new bundle, and its code again by mistake.
    const [kept1, kept2] = exported
    const newRow: Sheet = { ...kept1!, code: 'E2E-IMP-0001', name: 'Importado de punta a punta', ean13: '' }
    const edited = new ExcelJS.Workbook()
    const editedSheet = edited.addWorksheet('bundles')
    const columns = ['code', 'name', 'description', 'ean13', 'tags', 'components', 'active', 'available']
    editedSheet.addRow(columns)
    for (const r of [kept1!, kept2!, newRow, { ...newRow, name: 'Otra vez' }]) editedSheet.addRow(columns.map((c) => r[c] ?? ''))
    const editedPath = join(scratch, 'editado.xlsx')
    await edited.xlsx.writeFile(editedPath)

    await page.getByTestId('catalogue-import').click()
    await page.getByTestId('import-dialog').waitFor()
    await chooseImportFile(page, editedPath)
    await expectText(page.getByTestId('import-count-rows'), '4')
    await expectText(page.getByTestId('import-count-creates'), '1')
    await expectText(page.getByTestId('import-count-unchanged'), '2')
    await expectText(page.getByTestId('import-count-invalid'), '1')
    await expectText(page.getByTestId('import-blocked'), 'Hay 1 fila con errores')
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true)
    const repeated = page.locator('[data-testid="import-row"][data-invalid="true"]', { hasText: 'Otra vez' })
    await expectText(repeated.getByTestId('import-row-errors'), 'código: E2E-IMP-0001 ya está en la fila 4')
    expect(await text(page.getByTestId('import-dialog'))).not.toMatch(/already|ya existe/)
    await screenshot(page, 'files-02-preview-duplicates')

    // Fixed: only the new bundle left, saved as CSV this time.
    const fixed = new ExcelJS.Workbook()
    const fixedSheet = fixed.addWorksheet('bundles')
    fixedSheet.addRow(columns)
    fixedSheet.addRow(columns.map((c) => newRow[c] ?? ''))
    const fixedPath = join(scratch, 'corregido.csv')
    await fixed.csv.writeFile(fixedPath)
    await chooseImportFile(page, fixedPath)
    await expectText(page.getByTestId('import-file-name'), 'corregido.csv')
    await expectText(page.getByTestId('import-count-invalid'), '0')
    expect(await page.getByTestId('import-blocked').count()).toBe(0)
    await expectText(page.getByTestId('import-confirm'), 'Importar 1 conjunto')
    await page.getByTestId('import-confirm').click()
    await expectText(page.getByTestId('import-result'), 'Se importó 1 conjunto.')
    await screenshot(page, 'files-03-imported')
    await page.getByTestId('import-close').click()

    // The refresh after the import brings the new bundle into the list.
    await page.getByTestId('catalogue-tag-clear').click()
    await input(page, 'catalogue-search').fill('E2E-IMP-0001')
    await rowByCode(page, 'E2E-IMP-0001').waitFor({ timeout: 60_000 })
    await expectText(rowByCode(page, 'E2E-IMP-0001').getByTestId('catalogue-cell-name'), 'Importado de punta a punta')
    await screenshot(page, 'files-04-in-the-list')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
