import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { useProxiedSandbox } from './support/proxiedSandbox'
import { screenshot } from './support/artifacts'
import { text, unexpectedProblems, signInTo } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'
import { catalogueArrived } from './support/requests'

// Issue 30, item 3 (Dispatch): a booking the service refused said "Línea 1, artículo: …" on its card, and the
// warehouse had to count lines to find the product; the card now names it (code and name) beside the line.
const facts = bookingFacts[101]
const booking = facts.bookings.open

describe('dispatch: a line the service refused', () => {
  const proxied = useProxiedSandbox()
  const app = useFreshApp()

  it('names the product of the refused line on the card, not only its number', async () => {
    const { page, problems } = app()
    const { sandbox, proxy } = proxied()
    await page.setViewportSize({ width: 1366, height: 768 })
    await signInTo(page, proxy.url, sandbox.users[0]!)
    await catalogueArrived(page)
    await openDispatch(page)
    const card = dispatchCard(page, booking)
    const first = card.getByTestId('card-line').first()
    const code = await text(first.locator('.line-code'))
    const name = await text(first.locator('.line-name'))

    // The service refuses the shipment over the booking's first line.
    proxy.intercept = (req) =>
      req.method === 'GET' && req.url?.startsWith(`/pos/bookings/${booking}/ship.json`)
        ? { status: 422, body: { 'movements[0].item_id': ['no está activo'] } }
        : null
    await card.getByTestId('card-ship').click()
    await page.getByTestId('ship-confirm').click()
    await expect.poll(() => page.getByTestId('ship-dialog').count()).toBe(0)

    // Wherever the refused booking now stands (to ship again, or shown in transit until it is sorted out).
    const problem = page.locator(`[data-testid="dispatch-card-${booking}"] [data-testid="card-problem-message"]`)
    await expect
      .poll(
        async () => {
          for (const tab of ['toShip', 'inTransitOut']) {
            await page.getByTestId(`dispatch-tab-${tab}`).click()
            if ((await problem.count()) > 0) return text(problem)
          }
          return ''
        },
        { timeout: 45_000 },
      )
      .toContain(`Línea 1 (${code} ${name})`)
    await dispatchCard(page, booking).scrollIntoViewIfNeeded()
    await screenshot(page, 'dispatch-53-refused-line-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'dispatch-54-refused-line-1024')
    proxy.intercept = () => null
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
