import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useFreshApp } from './support/app'
import { confirmReceptionSummary, openReception } from './support/receptions'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { refuseInApp } from './support/requests'
import { hostRequestPath } from '@shared/contract/transport'
import { expectText, input, inView, startTraining, text, unexpectedProblems } from './support/actions'

const orderRow = (page: Page, id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`)

/** These flows receive the full pending quantities: the reception screen's other way of counting (the default counts by scanning). */
async function countPrefilled(page: Page): Promise<void> {
  await page.getByTestId('reception-count-prefilled').click()
  const first = page.getByTestId('reception-line').first().getByTestId('line-quantity').locator('input')
  await expect.poll(() => first.inputValue()).not.toBe('0')
}

async function stockOfFirstLine(page: Page): Promise<number> {
  const cell = page.getByTestId('reception-line-stock').first()
  await expect.poll(async () => (await cell.getAttribute('data-stock')) ?? '', { timeout: 10_000 }).not.toBe('')
  return Number(await cell.getAttribute('data-stock'))
}

describe('purchasing', () => {
  const app = useFreshApp()

  it('consolidates two orders: both carry the consolidate; deleting it after confirming releases them', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('menu-consolidates').click()
    await page.getByTestId('consolidates-view').waitFor()
    await page.keyboard.press('Alt+KeyN')
    await page.getByTestId('consolidate-new-view').waitFor()
    await orderRow(page, 7001).waitFor()

    // Saving with nothing chosen says what is missing and sends nothing.
    await page.getByTestId('consolidate-save').click()
    await expectText(page.getByTestId('consolidate-orders-problem'), 'Marque al menos una orden de compra.')

    await orderRow(page, 7001).locator('.n-checkbox').click()
    await orderRow(page, 7002).locator('.n-checkbox').click()
    // Totals per currency, in the entity's (Guatemala's) conventions, not Spain's: quetzales and dollars are not added together.
    const totals = page.getByTestId('orders-total')
    await expect.poll(() => totals.count()).toBe(2)
    const quetzales = await text(page.locator('[data-testid="orders-total"][data-currency="GTQ"]'))
    const dollars = await text(page.locator('[data-testid="orders-total"][data-currency="USD"]'))
    expect(quetzales).toContain('Q787.36')
    expect(dollars).toMatch(/364\.00/)
    expect(dollars).toMatch(/US\$|USD/)
    // And both converted to the company's quetzales at the dollar order's rate (364 × 7.75 = 2821).
    await expectText(page.getByTestId('orders-total-entity'), /Q3,608\.36/)

    await input(page, 'consolidate-name-input').fill('Contenedor de prueba')
    await page.keyboard.press('Control+s')
    await expect.poll(() => page.evaluate<string>('location.hash'), { timeout: 10_000 }).toMatch(/^#\/purchasing\/consolidates\/\d+$/)
    const id = (await page.evaluate<string>('location.hash')).split('/').pop()!
    await expectText(page.getByTestId('consolidate-title'), 'Contenedor de prueba')
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2)
    for (const orderId of [7001, 7002]) expect(await text(orderRow(page, orderId).getByTestId('order-consolidate'))).toBe(`#${id}`)
    await screenshot(page, 'purchasing-01-consolidate')

    await page.getByTestId('consolidate-back').click()
    const row = page.locator(`[data-testid="consolidate-row"][data-consolidate-id="${id}"]`)
    await expectText(row.getByTestId('consolidate-order-count'), '2')

    await row.click()
    await page.getByTestId('consolidate-delete').click()
    await expectText(page.getByTestId('consolidate-delete-dialog'), 'Sus 2 órdenes quedan libres')
    // The shared confirmation: the app's one wording, focus on the primary button, so Enter deletes.
    await expectText(page.getByTestId('consolidate-delete-confirm'), 'Eliminar')
    await expectText(page.getByTestId('consolidate-delete-cancel'), 'Cancelar')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('consolidate-delete-confirm')
    await page.keyboard.press('Enter')
    await page.getByTestId('consolidates-view').waitFor()
    await expect.poll(() => row.count()).toBe(0)
    await page.getByTestId('consolidates-new').click()
    await orderRow(page, 7001).waitFor()
    expect(await text(orderRow(page, 7001).getByTestId('order-consolidate'))).toBe('')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('receives part of an order, then the rest: the order is received and stock rises; a return lowers it again', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openReception(page, 'PED-5480')
    await expectText(page.getByTestId('reception-supplier'), 'Herrajes y Tornillos Centroamérica')
    await expect.poll(() => page.getByTestId('order-state').getAttribute('data-state')).toBe('partlyReceived')

    // Pre-filled, each delivered quantity starts at what is pending (12 and 5); over-receiving is refused before sending.
    const lines = page.getByTestId('reception-line')
    await expect.poll(() => lines.count()).toBe(2)
    await countPrefilled(page)
    expect(await lines.nth(0).getByTestId('line-quantity').locator('input').inputValue()).toBe('12')
    expect(await lines.nth(1).getByTestId('line-quantity').locator('input').inputValue()).toBe('5')
    await lines.nth(0).getByTestId('line-quantity').locator('input').fill('13')
    await page.getByTestId('reception-save').click()
    await expectText(lines.nth(0).getByTestId('line-problem'), 'No puede recibir más de lo pendiente (12)')

    await lines.nth(0).getByTestId('line-quantity').locator('input').fill('6')
    await lines.nth(1).getByTestId('line-quantity').locator('input').fill('0')
    await input(page, 'reception-invoice').fill('FAC-E2E-1')
    await page.getByTestId('reception-save').click()
    // Received short: the summary says so, and Enter registers what was counted (the order stays open).
    await confirmReceptionSummary(page)
    await expectText(page.locator('.n-message'), 'la orden aún tiene productos pendientes')
    await expectText(lines.nth(0).getByTestId('line-pending'), '6')
    await expectText(lines.nth(1).getByTestId('line-pending'), '5')
    // The seeded reception (8 of the first line) and this one, newest first.
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(2)

    await page.getByTestId('reception-row').first().click()
    await page.getByTestId('reception-view').waitFor()
    await expectText(page.getByTestId('reception-line-quantity').first(), '6')
    const afterFirst = await stockOfFirstLine(page)
    await page.getByTestId('reception-to-order').click()

    await page.getByTestId('reception-order-view').waitFor()
    await expect.poll(() => lines.count()).toBe(2)
    await page.getByTestId('reception-save').click()
    await expectText(page.getByTestId('reception-all-received'), 'Esta orden ya se recibió por completo.')
    await expect.poll(() => page.getByTestId('order-state').getAttribute('data-state')).toBe('received')
    await screenshot(page, 'purchasing-02-received')

    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(3)
    await page.getByTestId('reception-row').first().click()
    await page.getByTestId('reception-view').waitFor()
    await expect.poll(() => stockOfFirstLine(page)).toBe(afterFirst + 6)

    await page.getByTestId('reception-return').click()
    await expectText(page.getByTestId('reception-return-effect'), 'Estos productos saldrán de la existencia de Bodega Central')
    await expectText(page.getByTestId('reception-return-line').first(), `(existencia ${afterFirst + 6} → ${afterFirst})`)
    await screenshot(page, 'purchasing-03-return-dialog')
    await page.getByTestId('reception-return-confirm').click()
    await expect.poll(() => page.getByTestId('reception-detail-state').getAttribute('data-voided')).toBe('true')
    await expect.poll(() => stockOfFirstLine(page)).toBe(afterFirst)

    // The order is pending again.
    await page.getByTestId('reception-to-order').click()
    await expect.poll(() => page.getByTestId('order-state').getAttribute('data-state')).toBe('partlyReceived')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('names the missing special-invoice prerequisite and where it is set, keeping the selection for the retry', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const settings = async (change: Record<string, boolean>) =>
      fetch(`${(await trainingService()).url}/__sandbox/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(change),
      })
    expect((await settings({ item_for_consolidates: false })).status).toBe(200)

    await page.getByTestId('menu-consolidates').click()
    await page.getByTestId('consolidates-new-special').click()
    await expectText(page.getByTestId('consolidate-new-title'), 'factura especial')
    await orderRow(page, 7005).waitFor()
    // Only received, unpaid orders are offered.
    expect(await orderRow(page, 7001).count()).toBe(0)
    await orderRow(page, 7005).locator('.n-checkbox').click()
    await input(page, 'consolidate-name-input').fill('Compras sin factura')
    await page.getByTestId('consolidate-save').click()
    const missing = page.getByTestId('consolidate-prerequisite')
    await expect.poll(() => missing.count()).toBe(1)
    expect(await missing.getAttribute('data-field')).toBe('itemId')
    await expectText(missing, 'item_for_consolidates')
    await expectText(missing, 'Variables de compras')
    await screenshot(page, 'purchasing-04-prerequisite')

    // Leaving by the menu with the form filled asks first; staying keeps everything.
    await page.getByTestId('menu-receptions').click()
    await expectText(page.locator('.n-dialog'), '¿Descartar lo escrito?')
    await page.locator('.n-dialog').getByText('Seguir aquí').click()
    await page.getByTestId('consolidate-new-view').waitFor()

    expect((await settings({ item_for_consolidates: true })).status).toBe(200)
    expect(await input(page, 'consolidate-name-input').inputValue()).toBe('Compras sin factura')
    await page.getByTestId('consolidate-save').click()
    await expectText(page.getByTestId('consolidate-kind'), 'Factura especial')
    await expectText(page.getByTestId('consolidate-number'), 'FESP-101-000001')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

describe('perishable goods', () => {
  const app = useFreshApp()

  it('asks for the lot and expiry of a perishable line and receives into that new lot', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openReception(page, 'PED-5531')
    const perishable = page.getByTestId('reception-line').filter({ has: page.getByTestId('line-lot-name') })
    await expect.poll(() => perishable.count()).toBe(1)
    await countPrefilled(page)

    // The order gives the goods their expiry (its line's expire_date): only the lot's name is missing.
    const expires = perishable.getByTestId('line-lot-expires').locator('input')
    await expect.poll(() => expires.inputValue()).not.toBe('')
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size)
      // The lot's name and its expiry are seen whole, without scrolling the lines sideways.
      await expect.poll(() => inView(perishable.getByTestId('line-lot-name'))).toBe(true)
      await expect.poll(() => inView(perishable.getByTestId('line-lot-expires'))).toBe(true)
      await screenshot(page, `reception-perishable-${size.width}`)
    }
    await page.getByTestId('reception-save').click()
    await expectText(perishable.getByTestId('line-problem'), 'Escriba el lote.')
    await perishable.getByTestId('line-lot-name').locator('input').fill('L-E2E-01')
    await expires.fill('2027-05-31')
    await expires.press('Enter')
    await page.getByTestId('reception-save').click()
    await expectText(page.locator('.n-message'), 'la orden quedó recibida por completo')

    await page.getByTestId('reception-row').first().click()
    await page.getByTestId('reception-view').waitFor()
    const lotRow = page.locator('tr', { has: page.getByText('L-E2E-01') })
    await lotRow.waitFor()
    await expectText(lotRow, '12')
    // A Guatemalan entity writes its dates day first, as 31/05/2027.
    await expectText(lotRow, '31/05/2027')
    expect(await lotRow.getByTestId('reception-line-stock').getAttribute('data-stock')).toBe('12')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

describe('purchasing without the network', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('says the network is down and keeps what was typed in the reception form', async () => {
    const { page, problems, stopTrainingService } = app()
    await startTraining(page)
    await page.getByTestId('menu-receptions').click()
    await orderRow(page, 7001).click()
    await page.getByTestId('reception-order-view').waitFor()
    const firstQuantity = page.getByTestId('reception-line').first().getByTestId('line-quantity').locator('input')
    await firstQuantity.fill('3')
    await input(page, 'reception-invoice').fill('FAC-SIN-RED')

    await stopTrainingService()
    await page.getByTestId('reception-save').click()
    await confirmReceptionSummary(page)
    await expectText(page.getByTestId('reception-save-error'), 'Sin conexión con el servicio')
    await expectText(page.getByTestId('reception-kept'), 'Lo que escribió se conserva')
    // The clerk reads what happened, not the socket's error.
    expect(await text(page.getByTestId('reception-save-error'))).not.toMatch(/ECONNREFUSED/)
    await page.getByTestId('purchasing-offline').waitFor()
    expect(await firstQuantity.inputValue()).toBe('3')
    expect(await input(page, 'reception-invoice').inputValue()).toBe('FAC-SIN-RED')
    await screenshot(page, 'purchasing-05-offline')
    // The failed request is the only error the page may show.
    expect(unexpectedProblems(problems).filter((p) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(p))).toEqual([])
  })

  it('offers nothing from the old pending when the order could not be read after a reception, until it is read again', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openReception(page, 'PED-5480')
    await countPrefilled(page)
    // The service records the reception; reading the order after it fails, and so does the screen's own read.
    await page.route(`**${hostRequestPath('receptions.create')}`, async (route) => {
      const response = await route.fetch()
      const envelope = (await response.json()) as { value: object }
      await route.fulfill({ response, json: { ...envelope, value: { ...envelope.value, order: null } } })
    })
    const letThrough = await refuseInApp(page, 'receptions.draft', 'network', 'connect ECONNREFUSED 10.0.0.5:443')
    const title = await text(page.getByTestId('reception-order-title'))
    expect(title).toMatch(/^Recepción de la orden \S+$/)
    await page.getByTestId('reception-save').click()
    await expectText(page.locator('.n-message'), 'Recepción registrada. No se pudo volver a leer la orden')
    const notice = page.getByTestId('reception-load-error')
    await expectText(notice, 'No se pudo leer la orden de compra')
    // What was pending (12 and 5) is not offered again: saved once more, it would be received twice.
    expect(await page.getByTestId('reception-line').count()).toBe(0)
    expect(await page.getByTestId('reception-save').count()).toBe(0)
    // The order's receptions stay in view, the one just recorded first beside the seeded one.
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(2)
    // The title still names the order whose receptions these are.
    await expectText(page.getByTestId('reception-order-title'), title)
    await screenshotAtBothWidths(page, 'reception-order-unread-after-save')

    await letThrough()
    await notice.getByTestId('error-retry').click()
    await expectText(page.getByTestId('reception-all-received'), 'Esta orden ya se recibió por completo.')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('when the answer is lost after the service recorded it, says to check before saving again, and the list shows it', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const faults = async (dropShare: number) =>
      fetch(`${(await trainingService()).url}/__sandbox/faults`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ dropShare }),
      })
    await page.getByTestId('menu-receptions').click()
    await orderRow(page, 7001).click()
    await page.getByTestId('reception-order-view').waitFor()
    await page.getByTestId('reception-line').first().getByTestId('line-quantity').locator('input').fill('2')
    expect(await page.getByTestId('reception-row').count()).toBe(0)

    expect((await faults(1)).status).toBe(200)
    await page.getByTestId('reception-save').click()
    await confirmReceptionSummary(page)
    await expectText(page.getByTestId('reception-save-error'), 'La conexión se cortó antes de la respuesta')
    await expectText(page.getByTestId('reception-unknown'), 'revise abajo las recepciones de esta orden')
    expect(await page.getByTestId('reception-line').first().getByTestId('line-quantity').locator('input').inputValue()).toBe('2')

    expect((await faults(0)).status).toBe(200)
    await page.getByTestId('receptions-of-order-refresh').click()
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(1)
    expect(unexpectedProblems(problems).filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  })
})
