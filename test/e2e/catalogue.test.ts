import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { expectText, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, rowByCode, rowsWithBarcode, scan, type Barcoded } from './support/catalogue'

describe('catalogue', () => {
  const app = useFreshApp()

  it('loads after a pull, scrolls the whole list, and opens a bundle from a scanned EAN-13', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await expectText(page.getByTestId('catalogue-count'), /^\d[\d.,]* conjuntos$/)
    const total = Number((await text(page.getByTestId('catalogue-count'))).replace(/\D/g, ''))
    expect(total).toBeGreaterThan(10)
    expect(await page.getByTestId('catalogue-stale').count()).toBe(0)
    expect(await page.getByTestId('catalogue-tag').count()).toBeGreaterThan(0)
    await screenshot(page, 'catalogue-01-list')

    // The list holds every bundle: End goes to the last one, which is fetched when it comes into view.
    await page.getByTestId('catalogue-list').click()
    await page.keyboard.press('End')
    await page.locator(`[data-testid="catalogue-row"][data-index="${total - 1}"]`).waitFor()
    expect(await page.locator('[data-testid="catalogue-row"][aria-selected="true"]').getAttribute('data-index')).toBe(String(total - 1))
    await page.keyboard.press('Home')
    await page.locator('[data-testid="catalogue-row"][data-index="0"]').waitFor()

    // The search box: F2, then a scanner's burst of digits and Enter.
    const [bundle, second] = (await rowsWithBarcode(page, 2)) as [Barcoded, Barcoded]
    await page.keyboard.press('F2')
    await scan(page, bundle.ean13)
    await page.getByTestId('bundle-view').waitFor()
    await expectText(page.getByTestId('bundle-title'), `${bundle.code} — ${bundle.name}`)
    await expect.poll(() => page.getByTestId('bundle-ean13').locator('input').inputValue()).toBe(bundle.ean13)
    await screenshot(page, 'catalogue-02-scanned-bundle')

    // Back in the list, the last search waits selected: the next scan replaces it, even when the list's
    // status read comes back in the middle of the scan (it once selected the digits already typed).
    await page.route('**/rpc/catalogue.status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 40))
      await route.continue()
    })
    await page.getByTestId('bundle-back').click()
    await page.getByTestId('catalogue-view').waitFor()
    await expect.poll(() => input(page, 'catalogue-search').inputValue()).toBe(bundle.ean13)
    await scan(page, second.ean13)
    await expectText(page.getByTestId('bundle-title'), `${second.code} — ${second.name}`)
    await page.getByTestId('bundle-back').click()
    await page.getByTestId('catalogue-view').waitFor()
    await page.keyboard.press('Escape')
    await rowByCode(page, bundle.code).waitFor()

    // A scan with the focus on the list (not in the box) still finds it.
    await page.getByTestId('catalogue-list').click()
    await scan(page, bundle.ean13)
    await expectText(page.getByTestId('bundle-title'), bundle.code)

    // "Releer todo" beside "Actualizar" reads the whole catalogue again, every agency's stock with it.
    await page.getByTestId('bundle-back').click()
    await page.getByTestId('catalogue-view').waitFor()
    await screenshotAtBothWidths(page, 'catalogue-04-read-all')
    await page.getByTestId('catalogue-refresh-full').click()
    await page.getByTestId('catalogue-progress').waitFor()
    await page.getByTestId('catalogue-progress').waitFor({ state: 'detached', timeout: 60_000 })
    await expect.poll(() => text(page.getByTestId('catalogue-stock-as-of'))).toMatch(/^Existencias al /)
    await page.getByTestId('catalogue-list').click()
    await scan(page, bundle.ean13)
    await expectText(page.getByTestId('bundle-title'), bundle.code)

    // In English, a dynamic bundle is available "by category".
    await page.getByTestId('language-en').click()
    await page.getByTestId('bundle-back').click()
    await expectText(page.getByTestId('catalogue-stock-as-of'), /^Stock as of /)
    await page.keyboard.press('Escape')
    await expectText(page.getByTestId('catalogue-count'), /^\d[\d.,]* bundles$/)
    const dynamicRow = page.locator('[data-testid="catalogue-row"]', { hasText: 'by category' }).first()
    await expectText(dynamicRow.getByTestId('catalogue-cell-available'), 'by category')
    await screenshot(page, 'catalogue-03-english')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
