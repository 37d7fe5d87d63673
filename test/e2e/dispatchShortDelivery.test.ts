import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { TrainingService } from '@base/training'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'

// Issue 30, item 2: a shipment counted short at the receiving door was delivered whole by two Enters.
// Now the question lists each shortfall, Enter delivers what was counted (the service's transit
// delivery), and "all as booked" is a deliberate second choice.
const facts = bookingFacts[101]
const incoming = facts.bookings.inTransitIncoming

interface ShownMovement {
  item_id: string
  lot_id: string | null
  booked_quantity: string
  delivered_quantity: string | null
}

/** The booking as the service shows it (its lines: training mode serves them in REST). */
async function onService(
  service: TrainingService,
  id: number,
): Promise<{ delivered: boolean; memo: string | null; movements: ShownMovement[] }> {
  const res = await fetch(`${service.url}/pos/bookings/${id}.json`, {
    headers: { 'X-User-Email': service.email, 'X-User-Token': service.token, Accept: 'application/json' },
  })
  if (res.status !== 200) throw new Error(`GET booking ${id}: ${res.status}`)
  return (await res.json()) as { delivered: boolean; memo: string | null; movements: ShownMovement[] }
}

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)

describe('dispatch: a short count is delivered as counted', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('asks with each shortfall listed; Enter delivers what was counted and the service shows the partial delivery', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    const before = await onService(service, incoming)
    const first = before.movements[0]!
    const firstItem = Number(first.item_id)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)

    // The slip is scanned at the receiving door; each line counted, the first one unit short.
    await page.getByTestId('dispatch-scan').locator('input').focus()
    await scan(page, String(incoming))
    const card = dispatchCard(page, incoming)
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    const groups = new Map<string, number>()
    for (const m of before.movements) {
      const key = `${m.item_id}:${m.lot_id ?? '-'}`
      groups.set(key, (groups.get(key) ?? 0) + Number(m.booked_quantity))
    }
    const firstKey = `${first.item_id}:${first.lot_id ?? '-'}`
    for (const [key, booked] of groups) {
      const field = card.locator(`[data-testid="card-line-count"][data-key="${key}"]`)
      await field.fill(String(key === firstKey ? booked - 1 : booked))
      await field.press('Enter')
    }
    await expect.poll(() => focused(page)).not.toBe('card-line-count')

    // Enter on the empty scan box asks: the question names the shortfall, and its default is what was counted.
    await page.getByTestId('dispatch-scan').locator('input').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('deliver-dialog')
    await expect.poll(() => dialog.getAttribute('data-short')).toBe('true')
    const shortfalls = dialog.getByTestId('deliver-shortfall')
    expect(await shortfalls.count()).toBe(1)
    expect(await shortfalls.first().getAttribute('data-item-id')).toBe(String(firstItem))
    await expectText(shortfalls.first().getByTestId('deliver-shortfall-missing'), '1')
    await expectText(dialog, 'Entregar lo contado')
    await expectText(dialog, 'Entregar todo lo reservado')
    await expect.poll(() => focused(page)).toBe('deliver-confirm')
    await screenshot(page, 'dispatch-30-short-delivery-1366-light')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'dispatch-31-short-delivery-1024-light')

    // Looked at in the dark theme too: closed with Esc (nothing delivered), the theme switched, asked again.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect((await onService(service, incoming)).delivered).toBe(false)
    await page.getByTestId('theme-switch').click()
    await page.getByTestId('dispatch-scan').locator('input').focus()
    // The count is kept: the slip scanned again and Enter ask the same question.
    await scan(page, String(incoming))
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.getAttribute('data-short')).toBe('true')
    await expect.poll(() => focused(page)).toBe('deliver-confirm')
    // Whole at 1024: every choice and the note within the window.
    for (const id of ['deliver-confirm', 'deliver-all', 'deliver-cancel', 'deliver-note']) {
      const box = await dialog.getByTestId(id).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 1024 && box.y + box.height <= 768, id).toBe(true)
    }
    await screenshot(page, 'dispatch-32-short-delivery-1024-dark')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'dispatch-33-short-delivery-1366-dark')

    // The note on the difference, then Enter: what was counted is delivered.
    await dialog.getByTestId('deliver-note').locator('input').fill('Una caja llegó abierta')
    await dialog.getByTestId('deliver-confirm').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => dispatchCard(page, incoming).count()).toBe(0)
    await page.locator('.n-message', { hasText: `Reserva ${incoming} entregada con lo contado` }).waitFor()
    await expect.poll(async () => (await onService(service, incoming)).delivered, { timeout: 20_000 }).toBe(true)
    const after = await onService(service, incoming)
    const delivered = after.movements.map((m) => Number(m.delivered_quantity))
    const booked = after.movements.map((m) => Number(m.booked_quantity))
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(booked.reduce((a, b) => a + b, 0) - 1)
    expect(after.memo).toContain('Una caja llegó abierta')

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('delivers all as booked only when that second choice is taken', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    const id = facts.bookings.inTransitFromSameCategory
    const before = await onService(service, id)
    await openDispatch(page)
    await page.getByTestId('dispatch-scan').locator('input').focus()
    await scan(page, String(id))
    const card = dispatchCard(page, id)
    await expect.poll(() => card.getAttribute('data-active')).toBe('true')
    const field = card.getByTestId('card-line-count').first()
    await field.fill('0.5')
    await field.press('Enter')
    await page.getByTestId('dispatch-scan').locator('input').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('deliver-dialog').getAttribute('data-short')).toBe('true')
    await page.getByTestId('deliver-all').click()
    await expect.poll(async () => (await onService(service, id)).delivered, { timeout: 20_000 }).toBe(true)
    const after = await onService(service, id)
    expect(after.movements.map((m) => Number(m.delivered_quantity))).toEqual(before.movements.map((m) => Number(m.booked_quantity)))
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
