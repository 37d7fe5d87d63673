import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, rowByCode } from './support/catalogue'

// Issue 30, item 8: export → edit → import was refused with the raw
// "code: … ya existe / already exists"; an existing code must offer an update.

const facts = bundleFacts[101]
const scratch = mkdtempSync(join(tmpdir(), 'mostrador-e2e-import-updates-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

async function exportXlsx(page: Page): Promise<ExcelJS.Workbook> {
  await page.getByTestId('catalogue-export').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('catalogue-export-xlsx').click()])
  const path = join(scratch, download.suggestedFilename())
  await download.saveAs(path)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(path)
  return book
}

/** The header's position of each column (exceljs numbers cells from 1). */
function columnsOf(sheet: ExcelJS.Worksheet): Map<string, number> {
  const columns = new Map<string, number>()
  sheet.getRow(1).eachCell((cell, at) => columns.set(String(cell.value), at))
  return columns
}

describe('importing an edited export', () => {
  const app = useFreshApp()

  it('previews what changes in an existing bundle, old → new, and updates it', async () => {
    const { page, problems, trainingService } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openCatalogueWithRows(page)
    const code = facts.deletable.code
    await input(page, 'catalogue-search').fill(code)
    await rowByCode(page, code).waitFor()
    await expect.poll(() => text(page.getByTestId('catalogue-count'))).toBe('1 conjunto')
    const oldName = await text(rowByCode(page, code).getByTestId('catalogue-cell-name'))

    // The clerk edits the export in a spreadsheet: a new name and one more of the first component.
    const book = await exportXlsx(page)
    const sheet = book.worksheets[0]!
    const at = columnsOf(sheet)
    const row = sheet.getRow(2)
    expect(String(row.getCell(at.get('code')!).value)).toBe(code)
    const newName = `${oldName} (nuevo)`
    row.getCell(at.get('name')!).value = newName
    const components = String(row.getCell(at.get('components')!).value).split(';')
    const [firstItem, firstQuantity] = components[0]!.split(':') as [string, string]
    const raised = String(Number(firstQuantity) + 1)
    components[0] = `${firstItem}:${raised}`
    row.getCell(at.get('components')!).value = components.join(';')
    const editedPath = join(scratch, 'editado.xlsx')
    await book.xlsx.writeFile(editedPath)

    await page.getByTestId('catalogue-import').click()
    await page.getByTestId('import-dialog').waitFor()
    await page.getByTestId('import-file-input').setInputFiles(editedPath)
    await expectText(page.getByTestId('import-count-updates'), '1')
    await expectText(page.getByTestId('import-count-invalid'), '0')
    const previewRow = page.locator('[data-testid="import-row"][data-action="update"]', { hasText: code })
    await expectText(previewRow.getByTestId('import-change-name'), `${oldName} → ${newName}`)
    await expectText(previewRow.getByTestId('import-change-components'), `${firstItem}: ${firstQuantity} → ${raised}`)
    const dialog = await text(page.getByTestId('import-dialog'))
    expect(dialog).not.toMatch(/ya existe|already exists/)
    await expectText(page.getByTestId('import-confirm'), 'Actualizar 1 conjunto')
    await screenshot(page, 'import-updates-01-preview-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'import-updates-01-preview-1024')

    await page.getByTestId('import-confirm').click()
    await expectText(page.getByTestId('import-result'), 'Se actualizó 1 conjunto.')
    await screenshot(page, 'import-updates-02-done-1024')
    await page.getByTestId('import-close').click()
    await expectText(rowByCode(page, code).getByTestId('catalogue-cell-name'), newName)

    // The same file again: nothing left to change, nothing to send.
    await page.getByTestId('catalogue-import').click()
    await page.getByTestId('import-file-input').setInputFiles(editedPath)
    await expectText(page.getByTestId('import-count-unchanged'), '1')
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true)

    await page.getByTestId('import-close').click()

    // A name longer than the service keeps is named in the preview, row and field, in the clerk's
    // language, and nothing can be sent. Seen in the dark theme (chosen before the dialog opens: the
    // first switch to it draws the screens again).
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.getByTestId('catalogue-view').waitFor()
    const tooLong = join(scratch, 'largo.csv')
    writeFileSync(tooLong, `code,name\n${code},${newName} otra vez\n${facts.withMovements.code},${'X'.repeat(300)}\n`)
    await page.getByTestId('catalogue-import').click()
    await page.getByTestId('import-file-input').setInputFiles(tooLong)
    await expectText(page.getByTestId('import-count-invalid'), '1')
    const longRow = page.locator('[data-testid="import-row"]', { hasText: facts.withMovements.code })
    await expectText(
      longRow.getByTestId('import-row-errors'),
      `nombre: «${'X'.repeat(40)}…» tiene 300 caracteres; se admiten 255 como máximo`,
    )
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true)
    await screenshotAtBothWidths(page, 'import-updates-03-too-long-dark')
    await page.getByTestId('import-close').click()
    await page.emulateMedia({ colorScheme: 'light' })

    // A file the service refuses half-way: the update lands, then the new bundle is refused (another
    // user took its code on the service after the last pull, which no preview can know). The dialog
    // says where it stopped, in the clerk's language.
    const service = await trainingService()
    const taken = await fetch(`${service.url}/inventories/bundles.json`, {
      method: 'POST',
      headers: { 'X-User-Email': service.email, 'X-User-Token': service.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ bundle: { code: 'E2E-TOMADO', name: 'Creado en el servicio' } }),
    })
    expect(taken.status).toBe(201)
    const refused = join(scratch, 'a-medias.csv')
    writeFileSync(refused, `code,name\n${code},${newName} otra vez\nE2E-TOMADO,Nuevo aquí\n`)
    await page.getByTestId('catalogue-import').click()
    await page.getByTestId('import-file-input').setInputFiles(refused)
    await expectText(page.getByTestId('import-count-updates'), '1')
    await expectText(page.getByTestId('import-count-creates'), '1')
    await page.getByTestId('import-confirm').click()
    const stopped = page.getByTestId('import-stopped')
    await expectText(stopped, 'La importación se detuvo en los conjuntos nuevos. Antes se actualizó 1.')
    await expectText(stopped, 'Ese valor ya está en uso.')
    // What is left, previewed again once the pull brought the taken code: the update is done, and the
    // row of that code now updates the bundle found on the service.
    await expectText(page.getByTestId('import-count-unchanged'), '1')
    await expectText(page.getByTestId('import-count-updates'), '1')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'import-updates-04-stopped-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'import-updates-04-stopped-1366')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
