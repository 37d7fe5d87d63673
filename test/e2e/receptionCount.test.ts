import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useFreshApp } from './support/app'
import { confirmReceptionSummary, itemsOnService, openReception } from './support/receptions'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { chooseOption, expectText, focusIn, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { refuseInApp } from './support/requests'

const quantityOf = (page: Page, n: number) => page.getByTestId('reception-line').nth(n).getByTestId('line-quantity').locator('input')

// Issue 12: a warehouse counts what arrived by scanning it against the order, instead of trusting full quantities.
describe('a reception counted by scanning', () => {
  const app = useFreshApp()

  it(
    'starts every line at 0, adds 1 per scan (5*CODE adds five), refuses what is not on the order, and marks a line counted past it',
    { timeout: 120_000 },
    async () => {
      const { page, problems, trainingService } = app()
      await startTraining(page)
      // Barcodes are known from the catalogue cached on this computer.
      await openCatalogueWithRows(page)
      await page.setViewportSize({ width: 1366, height: 768 })
      await openReception(page, 'PED-5480')
      const lines = page.getByTestId('reception-line')
      await expect.poll(() => lines.count()).toBe(2)

      // Counting by scanning is the default: nothing is taken as delivered until it is scanned.
      expect(await quantityOf(page, 0).inputValue()).toBe('0')
      expect(await quantityOf(page, 1).inputValue()).toBe('0')
      await expectText(page.getByTestId('reception-tally'), 'Contado 0 de 17 pendiente · 0 de 2 productos completos')
      // The scan box has the focus: the scanner can start at once. It is the counter's box, saying what it scans here.
      await expect.poll(() => focusIn(page, 'reception-scan')).toBe(true)
      const box = page.getByTestId('reception-scan').locator('input')
      expect(await box.getAttribute('placeholder')).toBe('Escanee un producto de la orden')
      expect(await box.getAttribute('aria-label')).toBe('Escanear un producto de la orden')
      expect(await page.getByTestId('booking-scan').count()).toBe(0)

      const ids = [Number(await lines.nth(0).getAttribute('data-item-id')), Number(await lines.nth(1).getAttribute('data-item-id'))]
      const codes = [
        (await text(lines.nth(0).getByTestId('line-item'))).split(' — ')[0]!,
        (await text(lines.nth(1).getByTestId('line-item'))).split(' — ')[0]!,
      ]
      const service = await trainingService()
      const onOrder = await itemsOnService(service, 'query ($ids: [bigint!]!) { items(where: {id: {_in: $ids}}) { id code ean13 } }', {
        ids,
      })
      const second = onOrder.find((i) => i.id === ids[1])!
      expect(second.ean13).toMatch(/^\d{13}$/)
      const [stranger] = await itemsOnService(
        service,
        'query ($ids: [bigint!]!) { items(where: {id: {_nin: $ids}, ean13: {_is_null: false}}, order_by: {id: asc}, limit: 1) { id code ean13 } }',
        { ids },
      )

      // Two scans of the second item's barcode: 2 of 5.
      await scan(page, second.ean13!)
      await scan(page, second.ean13!)
      await expect.poll(() => quantityOf(page, 1).inputValue()).toBe('2')
      await expectText(page.getByTestId('reception-scan-note'), `${codes[1]} `)
      expect(await page.getByTestId('reception-scan-note').getAttribute('data-type')).toBe('success')
      // Three of the first, typed by its code with a count.
      await scan(page, `3*${codes[0]}`)
      await expect.poll(() => quantityOf(page, 0).inputValue()).toBe('3')
      await expectText(page.getByTestId('reception-tally'), 'Contado 5 de 17 pendiente · 0 de 2 productos completos')

      // An item that is not on the order is refused, and counts nothing.
      await scan(page, stranger!.ean13!)
      await expectText(page.getByTestId('reception-scan-note'), `${stranger!.code} — `)
      await expectText(page.getByTestId('reception-scan-note'), 'no está en esta orden: no se contó.')
      expect(await page.getByTestId('reception-scan-note').getAttribute('data-type')).toBe('error')
      await scan(page, '0000000000000')
      await expectText(page.getByTestId('reception-scan-note'), 'Código desconocido: 0000000000000. No se contó nada.')
      // A code the catalogue on this computer could not be asked about (its file damaged) is not called unknown.
      const letThrough = await refuseInApp(page, 'counter.scan', 'internal', 'SqliteError: database disk image is malformed')
      await scan(page, '7409999999995')
      await expectText(
        page.getByTestId('reception-scan-note'),
        'Código 7409999999995: no se pudo buscar en el catálogo de esta computadora. No se contó nada; vuelva a escanearlo.',
      )
      await screenshotAtBothWidths(page, 'receptions-scan-not-checked')
      await letThrough()
      expect([await quantityOf(page, 0).inputValue(), await quantityOf(page, 1).inputValue()]).toEqual(['3', '2'])

      // Four more of the second: 6 of 5 pending. The line stands out and says by how much.
      await scan(page, `${second.ean13}*4`)
      await expect.poll(() => quantityOf(page, 1).inputValue()).toBe('6')
      expect(await lines.nth(1).getAttribute('data-over')).toBe('true')
      await expectText(lines.nth(1).getByTestId('line-over'), '+1 de más')
      await expectText(page.getByTestId('reception-scan-note'), 'la orden espera 5. Revise antes de registrar.')
      expect(await page.getByTestId('reception-scan-note').getAttribute('data-type')).toBe('warning')
      for (const [width, height] of [
        [1024, 768],
        [1366, 768],
      ] as const) {
        await page.setViewportSize({ width, height })
        await screenshot(page, `receptions-scan-${width}x${height}`)
      }

      // Saving refuses the line counted over, and keeps every count as it was.
      await page.keyboard.press('Control+s')
      await expectText(lines.nth(1).getByTestId('line-problem'), 'No puede recibir más de lo pendiente (5).')
      expect([await quantityOf(page, 0).inputValue(), await quantityOf(page, 1).inputValue()]).toEqual(['3', '6'])
      await quantityOf(page, 1).fill('5')
      await expectText(lines.nth(1).getByTestId('line-complete'), 'Completo')
      await page.getByTestId('reception-save').click()
      await confirmReceptionSummary(page)
      await expectText(page.locator('.n-message'), 'la orden aún tiene productos pendientes')

      // The answer is applied: what is pending now, a new count from 0, the reception listed.
      await expectText(lines.nth(0).getByTestId('line-pending'), '9')
      await expectText(lines.nth(1).getByTestId('line-pending'), '0')
      expect([await quantityOf(page, 0).inputValue(), await quantityOf(page, 1).inputValue()]).toEqual(['0', '0'])
      await expect.poll(() => page.getByTestId('reception-row').count()).toBe(2)
      // The scan box has the focus again: the next delivery can be scanned at once.
      await expect.poll(() => focusIn(page, 'reception-scan')).toBe(true)

      // The other way of counting is a setting: full quantities start from what is pending, and stay chosen.
      await page.getByTestId('reception-count-prefilled').click()
      await expect.poll(() => quantityOf(page, 0).inputValue()).toBe('9')
      await page.getByTestId('reception-back').click()
      await input(page, 'receptions-search').press('Enter')
      await page.getByTestId('reception-order-view').waitFor()
      await expect.poll(() => quantityOf(page, 0).inputValue()).toBe('9')

      // The settings show the same choice, and choosing there outlives a restart of the window.
      await page.getByTestId('user-menu').click()
      await page.getByTestId('user-menu-settings').click()
      await expectText(page.getByTestId('settings-reception-count'), 'Cantidades completas')
      await chooseOption(page, page.getByTestId('settings-reception-count'), 'Contar escaneando')
      await expectText(page.getByTestId('settings-reception-count'), 'Contar escaneando')
      await page.keyboard.press('Escape')
      await page.reload()
      await page.getByTestId('shell').waitFor()
      await openReception(page, 'PED-5480')
      await expect.poll(() => page.getByTestId('reception-line').count()).toBe(2)
      expect(await quantityOf(page, 0).inputValue()).toBe('0')
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
