import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, unexpectedProblems, signInTo } from './support/actions'
import { openCatalogueWithRows, rowsWithBarcode, scan, type Barcoded } from './support/catalogue'

// A server that offers only what the real service shows (the sandbox with its extensions off):
// no tags on bundles, no barcodes on items, no row counts.
describe('catalogue on a server without the sandbox extensions', () => {
  let sandbox: RunningSandbox
  const app = useFreshApp({ training: false })
  beforeAll(async () => {
    sandbox = await startSandbox({ extensions: false })
  })
  afterAll(async () => {
    await sandbox.close()
  })

  it('hides the tag filter and column, says once what this server lacks, and still scans bundle barcodes', async () => {
    const { page, problems } = app()
    const user = sandbox.users[0]!
    await signInTo(page, sandbox.url, user)

    await openCatalogueWithRows(page)
    await expectText(
      page.getByTestId('catalogue-limit-tags'),
      'Las etiquetas no están disponibles en este servidor: la lista no tiene filtro ni columna de etiquetas.',
    )
    await expectText(
      page.getByTestId('catalogue-limit-itemBarcodes'),
      /Los códigos de barras propios de los artículos no están disponibles/,
    )
    expect(await page.getByTestId('catalogue-limits').count()).toBe(1)
    expect(await page.getByTestId('catalogue-limit-bundleColumns').count()).toBe(0)
    expect(await page.getByTestId('catalogue-tags').count()).toBe(0)
    expect(await page.getByTestId('catalogue-cell-tags').count()).toBe(0)
    expect(await page.getByRole('columnheader', { name: 'Etiquetas' }).count()).toBe(0)

    // Bundle barcodes come from the service's REST list: on screen and found by a scan.
    const [bundle] = (await rowsWithBarcode(page, 1)) as [Barcoded]
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'catalogue-real-service-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'catalogue-real-service-1366')

    await page.keyboard.press('F2')
    await scan(page, bundle.ean13)
    await page.getByTestId('bundle-view').waitFor()
    await expectText(page.getByTestId('bundle-title'), `${bundle.code} — ${bundle.name}`)
    await page.getByTestId('bundle-back').click()
    await page.getByTestId('catalogue-view').waitFor()

    await page.getByTestId('language-en').click()
    await expectText(
      page.getByTestId('catalogue-limit-tags'),
      'Tags are not available on this server: the list has no tag filter and no tag column.',
    )
    await screenshot(page, 'catalogue-real-service-english')
    // Said once: closed, the note stays away, and the tag filter stays hidden.
    await page.getByTestId('catalogue-limits').locator('.n-base-close').click()
    expect(await page.getByTestId('catalogue-limits').count()).toBe(0)
    await page.getByTestId('menu-newBooking').click()
    await page.getByTestId('menu-catalogue').click()
    await page.getByTestId('catalogue-row').first().waitFor()
    expect(await page.getByTestId('catalogue-limits').count()).toBe(0)
    expect(await page.getByTestId('catalogue-tags').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
