import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, inView, signInTo, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { useProxiedSandbox } from './support/proxiedSandbox'
import { itemsOnService, openReception, type ServiceItem } from './support/receptions'
import { isGraphql } from '../support/interceptingProxy'

interface Detail {
  id: number
  item_id: number
  delivered_quantity: unknown
  item: { code: string | null; name: string | null } | null
}
const ORDER = 7004
const ADDED = 14

/**
 * The order's answer with ADDED lines of other items before its own (the seed's orders have two lines at most), under
 * ids no seeded line has.
 */
function lengthened(answer: unknown, items: readonly ServiceItem[]): unknown {
  const order = (answer as { data?: { purchase_orders?: { id: number; purchase_order_details: Detail[] }[] } }).data?.purchase_orders?.find(
    (o) => o.id === ORDER,
  )
  if (!order) return answer
  const own = order.purchase_order_details
  const onOrder = new Set(own.map((d) => d.item_id))
  const added = items
    .filter((i) => !onOrder.has(i.id))
    .slice(0, ADDED)
    .map((i, n) => ({ ...own[0]!, id: 900_000 + n, item_id: i.id, delivered_quantity: 0, item: { code: i.code, name: i.name ?? null } }))
  order.purchase_order_details = [...added, ...own]
  return answer
}

// A delivery of many lines: the line a scan counts can be a screen or more below the scan box.
describe('a long order received by scanning', () => {
  const proxied = useProxiedSandbox()
  const app = useFreshApp()

  it('keeps the scan box, its note and the line a scan counted in view, at 1024×768 as at 1366×768', { timeout: 90_000 }, async () => {
    const { page, problems } = app()
    const { sandbox, proxy } = proxied()
    const user = sandbox.users[0]!
    const items = await itemsOnService(
      { url: sandbox.url, ...user },
      'query { items(order_by: {id: asc}, limit: 40) { id code name ean13 } }',
      {},
    )
    await signInTo(page, proxy.url, user)
    await page.getByTestId('station-later').click()
    // Codes are known from the catalogue cached on this computer.
    await openCatalogueWithRows(page)
    proxy.intercept = (req) => (isGraphql(req) ? { reshape: (answer) => lengthened(answer, items), afterForward: true } : null)
    try {
      await page.setViewportSize({ width: 1366, height: 768 })
      await openReception(page, 'PED-5480')
      const lines = page.getByTestId('reception-line')
      await expect.poll(() => lines.count()).toBe(ADDED + 2)
      // The pointer rests on the status bar, as a clerk with a scanner leaves it.
      await page.mouse.move(500, 760)
      const last = lines.last()
      const code = (await text(last.getByTestId('line-item'))).split(' — ')[0]!
      await page.setViewportSize({ width: 1024, height: 768 })
      // The last line is below the fold: its scan scrolls to it.
      expect(await inView(last)).toBe(false)
      const box = page.getByTestId('reception-scan')
      const note = page.getByTestId('reception-scan-note')
      for (const [width, counted] of [
        [1024, '2'],
        [1366, '4'],
      ] as const) {
        await page.setViewportSize({ width, height: 768 })
        await scan(page, code)
        await scan(page, code)
        await expect.poll(() => last.getByTestId('line-quantity').locator('input').inputValue()).toBe(counted)
        await expectText(note, `${code} — `)
        // Chromium scrolls a focused field's caret into view a moment after a key: wait past it.
        await page.waitForTimeout(300)
        expect(await inView(last.getByTestId('line-quantity'))).toBe(true)
        expect(await inView(box)).toBe(true)
        expect(await inView(note)).toBe(true)
        await screenshot(page, `receptions-long-order-scan-${width}`)
      }
    } finally {
      proxy.intercept = () => null
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
