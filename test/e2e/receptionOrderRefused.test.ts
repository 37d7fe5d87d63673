import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { openReception } from './support/receptions'
import { refuseInApp } from './support/requests'

// A reception whose order could not be read showed its items by number and no supplier, without a word of why: the
// clerk about to return goods could not tell a line they know from one they do not.
describe('a reception whose order cannot be read', () => {
  const app = useFreshApp()

  it('shows its lines by number, says the order failed, and names them once the order is read again', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openReception(page, 'PED-5480')
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(1)

    const letThrough = await refuseInApp(page, 'purchaseOrders.get', 'network', 'connect ECONNREFUSED 10.0.0.5:443')
    await page.getByTestId('reception-row').first().click()
    await page.getByTestId('reception-view').waitFor()
    const notice = page.getByTestId('reception-order-error')
    await expectText(notice, 'No se pudo leer la orden de compra de esta recepción: sus productos se muestran por número, sin el proveedor')
    await expectText(notice.getByTestId('error-reason'), 'Sin conexión con el servicio')
    const firstItem = page.getByTestId('reception-line-item').first()
    await expectText(firstItem, /^#\d+$/)
    await screenshotAtBothWidths(page, 'reception-order-refused')

    await letThrough()
    await notice.getByTestId('error-retry').click()
    await expect.poll(() => notice.count()).toBe(0)
    await expect.poll(() => text(firstItem)).toMatch(/^\S+ — \S/)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
