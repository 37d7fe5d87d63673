import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { artifactsDir, screenshot, screenshotAtBothWidths } from './support/artifacts'
import { chooseOption, expectText, openNewBooking, startTraining, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch, printed, recordPrinting } from './support/bookings'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { requestInApp } from './support/requests'

// Issue 33, item 4: each station chooses its printer and paper; the documents are laid out for a receipt roll.
const facts = bookingFacts[101]
const pxPerMm = 96 / 25.4

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-settings').click()
  await page.getByTestId('settings-dialog').waitFor()
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.getByTestId('settings-dialog').waitFor({ state: 'detached' })
}

async function choosePaper(page: Page, label: string): Promise<void> {
  await chooseOption(page, page.getByTestId('settings-paper'), label)
}

/** The print container alone, as the roll takes it (print media emulated by the caller). */
async function rollPicture(page: Page, name: string): Promise<void> {
  await page.getByTestId('print-root').screenshot({ path: join(artifactsDir, `${name}.png`) })
}

describe('printing', () => {
  const app = useFreshApp()

  it('Settings in the browser host: the browser’s dialog is said to be the printer; paper and slip on save are kept', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openSettings(page)
    // No printer list in a browser: said plainly, with no select to open.
    await expectText(page.getByTestId('settings-printer-browser'), 'El diálogo de impresión del navegador')
    expect(await page.getByTestId('settings-printer').count()).toBe(0)
    await expectText(page.getByTestId('settings-paper'), 'A4')
    expect(await page.getByTestId('settings-slip-on-save').getAttribute('aria-checked')).toBe('false')

    await choosePaper(page, 'Rollo de 58 mm')
    await page.getByTestId('settings-slip-on-save').click()
    await expect.poll(() => page.getByTestId('settings-slip-on-save').getAttribute('aria-checked')).toBe('true')
    await page.getByTestId('settings-paper').scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await screenshotAtBothWidths(page, 'printing-settings', () => page.getByTestId('settings-paper').scrollIntoViewIfNeeded())
    await expect.poll(async () => (await requestInApp(page, 'preferences.get')).paper).toBe('receipt58')

    // After a restart of the window the station's choice stands, in English too.
    await page.reload()
    await page.getByTestId('language-en').click()
    await openSettings(page)
    await expectText(page.getByTestId('settings-printer-browser'), 'The browser’s print dialog')
    await expectText(page.getByTestId('settings-paper'), '58 mm roll')
    expect(await page.getByTestId('settings-slip-on-save').getAttribute('aria-checked')).toBe('true')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('lays the slip out for an 80 mm and a 58 mm roll: its width, its barcode whole, the training mark kept', async () => {
    const { page, problems } = app()
    await startTraining(page)
    for (const [paper, label, widthMm] of [
      ['receipt80', 'Rollo de 80 mm', 80],
      ['receipt58', 'Rollo de 58 mm', 58],
    ] as const) {
      await openSettings(page)
      await choosePaper(page, label)
      await closeSettings(page)
      await openDispatch(page)
      await recordPrinting(page)
      const card = dispatchCard(page, facts.bookings.open)
      await card.waitFor()
      await card.getByTestId('card-print').click()
      await expect.poll(() => printed(page)).toHaveLength(1)
      expect((await printed(page))[0]).toMatch(/^PRÁCTICA — sin valor/)

      await page.setViewportSize({ width: 1024, height: 768 })
      await page.emulateMedia({ media: 'print' })
      const root = page.getByTestId('print-root')
      expect(await root.getAttribute('data-paper')).toBe(paper)
      // The roll's width, not a sheet's: and the page rule names the roll and the document's length.
      const box = (await root.boundingBox())!
      expect(Math.abs(box.width - widthMm * pxPerMm)).toBeLessThan(2)
      const pageRule = await page.evaluate(() => document.head.querySelector('style[data-print="page"]')?.textContent ?? '')
      expect(pageRule).toMatch(new RegExp(`size: ${widthMm}mm \\d+mm; margin: 0`))
      expect(Number(/ (\d+)mm;/.exec(pageRule)![1])).toBeGreaterThanOrEqual(Math.floor(box.height / pxPerMm))
      // The barcode is whole inside the printable width, bars and number.
      const barcode = (await page.getByTestId('booking-slip').getByTestId('slip-barcode').boundingBox())!
      expect(barcode.x).toBeGreaterThanOrEqual(box.x)
      expect(barcode.x + barcode.width).toBeLessThanOrEqual(box.x + box.width)
      expect(barcode.width).toBeGreaterThan(25 * pxPerMm)
      expect(await page.getByTestId('print-practice-mark').isVisible()).toBe(true)
      // One line a block: no column heads to squeeze, the quantity beside the code.
      expect(await page.getByTestId('booking-slip').locator('thead').isVisible()).toBe(false)
      const line = page.getByTestId('booking-slip').getByTestId('slip-line').first()
      const code = (await line.getByTestId('slip-line-code').boundingBox())!
      const quantity = (await line.getByTestId('slip-line-quantity').boundingBox())!
      expect(Math.abs(code.y - quantity.y)).toBeLessThan(4)
      await rollPicture(page, `printing-slip-${widthMm}mm`)
      await screenshot(page, `printing-slip-${widthMm}mm-page`)
      await page.emulateMedia({ media: 'screen' })
      expect(await root.isVisible()).toBe(false)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('prints the booking slip as a booking is saved, when the station asks for it', { timeout: 120_000 }, async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openSettings(page)
    await page.getByTestId('settings-slip-on-save').click()
    await expect.poll(() => page.getByTestId('settings-slip-on-save').getAttribute('aria-checked')).toBe('true')
    await closeSettings(page)
    await openCatalogueWithRows(page)
    await openNewBooking(page)
    await recordPrinting(page)
    // The first destination offered, from the keyboard (as the clerk at the counter picks it), then the scan box.
    await page.getByTestId('booking-destination-field').locator('.n-base-selection').click()
    await page.locator('.n-base-select-option').first().waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('F2')
    await scan(page, facts.stockedItem.code)
    await page.getByTestId('booking-line').first().waitFor()
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => printed(page)).toHaveLength(1)
    const [slip] = await printed(page)
    expect(slip).toContain('Albarán de reserva')
    expect(slip).toContain(facts.stockedItem.code)
    // The form emptied for the next customer: the print held nothing up.
    await expect.poll(() => page.getByTestId('booking-line').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('as the desktop app: chooses a printer from the list, and a print the printer refused is kept and printed again', async () => {
    const { page, problems } = app()
    // The desktop app's printer bridge, as its preload exposes it: two printers, the first print refused (offline).
    await page.addInitScript(() => {
      const w = window as unknown as { mostradorPrinter: unknown; asked: unknown[] }
      w.asked = []
      const answers = [{ ok: false, reason: 'Printer is offline' }]
      w.mostradorPrinter = {
        printers: async () => [
          { name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20 (mostrador)' },
          { name: 'HP_Oficina', displayName: 'HP Oficina' },
        ],
        print: async (request: unknown) => {
          w.asked.push(request)
          return answers.shift() ?? { ok: true }
        },
      }
    })
    await page.reload()
    await startTraining(page)
    await openSettings(page)
    const printer = page.getByTestId('settings-printer')
    await expectText(printer, 'La predeterminada del sistema')
    await chooseOption(page, printer, 'EPSON TM-T20 (mostrador)')
    await expect.poll(async () => (await requestInApp(page, 'preferences.get')).printer).toBe('EPSON_TM_T20')
    await choosePaper(page, 'Rollo de 80 mm')
    await page.setViewportSize({ width: 1024, height: 768 })
    await printer.scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await screenshot(page, 'printing-settings-desktop-1024x768')
    await closeSettings(page)

    await openDispatch(page)
    await recordPrinting(page)
    const card = dispatchCard(page, facts.bookings.open)
    await card.getByTestId('card-print').click()
    // Refused: said in the clerk's words, with the printer's, and kept.
    const notice = page.getByTestId('unprinted-document')
    await expectText(notice, `No se imprimió en EPSON_TM_T20: albarán Nº ${facts.bookings.open}`)
    await expectText(notice, 'La impresora no tomó el documento')
    await expectText(notice.getByTestId('unprinted-reason'), 'Printer is offline')
    await screenshot(page, 'printing-unprinted-1024x768')
    const asked = () =>
      page.evaluate(() => (window as unknown as { asked: { paper: string; deviceName: string; documentHeightMm: number }[] }).asked)
    expect(await asked()).toHaveLength(1)
    expect((await asked())[0]).toMatchObject({ paper: 'receipt80', deviceName: 'EPSON_TM_T20' })
    expect((await asked())[0]!.documentHeightMm).toBeGreaterThan(60)
    // Printed again from the message: taken this time, and the message goes.
    await notice.getByTestId('unprinted-again').click()
    await expect.poll(async () => (await asked()).length).toBe(2)
    await expect.poll(() => page.getByTestId('unprinted').count()).toBe(0)
    // Silent: the browser's dialog never opened.
    expect(await printed(page)).toEqual([])
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('prints a delivered booking as a delivery note on the 58 mm roll, with its barcode and the receiver’s signature', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openSettings(page)
    await choosePaper(page, 'Rollo de 58 mm')
    await closeSettings(page)
    await openDispatch(page)
    await recordPrinting(page)
    const id = facts.bookings.inTransitIncoming
    await requestInApp(page, 'bookings.deliver', { id: String(id) })
    await page.getByTestId('dispatch-tab-delivered').click()
    const delivered = dispatchCard(page, id)
    await delivered.getByTestId('card-print').click()
    await expect.poll(() => printed(page)).toHaveLength(1)
    const [note] = await printed(page)
    expect(note).toContain('Nota de entrega')
    expect(note).toContain(`Nº ${id}`)
    expect(note).toContain('Entregada')
    // The one who received signs; nobody else's line on a delivery note.
    expect(note).toContain('Recibido por')
    expect(note).not.toContain('Transportista')
    expect(await page.getByTestId('booking-slip').getByTestId('slip-barcode').getAttribute('data-value')).toBe(String(id))
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.emulateMedia({ media: 'print' })
    await rollPicture(page, 'printing-delivery-note-58mm')
    await page.emulateMedia({ media: 'screen' })
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
