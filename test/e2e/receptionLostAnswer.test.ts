import { describe, expect, it } from 'vitest'
import type { RunningSandbox } from '@sandbox'
import { useFreshApp } from './support/app'
import { useProxiedSandbox } from './support/proxiedSandbox'
import { confirmReceptionSummary, openReception } from './support/receptions'
import { screenshot } from './support/artifacts'
import { expectText, input, unexpectedProblems, signInTo } from './support/actions'
import { serviceGraphql } from './support/serviceGraphql'

/** The receptions of an order as the service holds them, asked beside the app (GraphQL, as the demo user). */
async function receptionsOnService(sandbox: RunningSandbox, orderId: number): Promise<number[]> {
  const data = await serviceGraphql<{ purchase_orders: { receptions: { id: number }[] }[] }>(
    { url: sandbox.url, ...sandbox.users[0]! },
    'query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { receptions { id } } }',
    { id: orderId },
  )
  return data.purchase_orders[0]!.receptions.map((r) => r.id)
}

const isReceptionCreate = (req: { method?: string; url?: string }) =>
  req.method === 'POST' && /^\/purchases\/purchase_orders\/\d+\/receptions\.json/.test(req.url ?? '')

// Issue 11: a reception the service recorded, whose answer never reached the app.
describe('a reception whose answer was lost', () => {
  const proxied = useProxiedSandbox()
  const app = useFreshApp()

  it('is found on the service: the screen says saved, offers no second save, and the service holds one reception', async () => {
    const { page, problems } = app()
    const { sandbox, proxy } = proxied()
    await signInTo(page, proxy.url, sandbox.users[0]!)
    await openReception(page, 'PED-5480')
    const lines = page.getByTestId('reception-line')
    await expect.poll(() => lines.count()).toBe(2)
    // Pre-filled: after the save the form starts again from what is still pending (counting by scanning starts at 0).
    await page.getByTestId('reception-count-prefilled').click()
    await expect.poll(() => lines.nth(0).getByTestId('line-quantity').locator('input').inputValue()).toBe('12')
    // The seeded reception only.
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(1)
    const before = await receptionsOnService(sandbox, 7004)

    await lines.nth(0).getByTestId('line-quantity').locator('input').fill('6')
    await lines.nth(1).getByTestId('line-quantity').locator('input').fill('0')
    await input(page, 'reception-invoice').fill('FAC-PERDIDA')
    for (const [width, height] of [
      [1024, 768],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height })
      await screenshot(page, `purchasing-04-reception-form-${width}x${height}`)
    }

    // The service records the reception; the proxy then cuts the connection instead of passing the answer on.
    let dropped = 0
    await proxy.during(
      (req) => {
        if (!isReceptionCreate(req)) return null
        dropped++
        return { drop: true, afterForward: true }
      },
      async () => {
        await page.getByTestId('reception-save').click()
        await confirmReceptionSummary(page)
        await expectText(page.locator('.n-message'), 'la orden aún tiene productos pendientes')
      },
    )
    expect(dropped).toBe(1)

    // Saved, not "unknown": no alert invites a second save, and the form starts again from what is still pending.
    expect(await page.getByTestId('reception-save-error').count()).toBe(0)
    await expectText(lines.nth(0).getByTestId('line-pending'), '6')
    await expectText(lines.nth(1).getByTestId('line-pending'), '5')
    expect(await lines.nth(0).getByTestId('line-quantity').locator('input').inputValue()).toBe('6')
    await expect.poll(() => page.getByTestId('reception-row').count()).toBe(2)
    for (const [width, height] of [
      [1024, 768],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height })
      await screenshot(page, `purchasing-05-reception-found-${width}x${height}`)
    }

    const after = await receptionsOnService(sandbox, 7004)
    expect(after.filter((id) => !before.includes(id))).toHaveLength(1)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
