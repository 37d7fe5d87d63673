import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { refuseInApp } from './support/requests'

// The bundle editor's item search offered nothing when the catalogue on this computer could not be asked (a
// damaged file), as if no item matched: the clerk went looking for a code that is there.
describe('bundle editor: an item search the catalogue cannot answer', () => {
  const app = useFreshApp()

  it('says the search failed and offers nothing; typing again finds the items once it answers', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('catalogue-new').click()
    await expectText(page.getByTestId('bundle-title'), 'Nuevo conjunto')

    const letThrough = await refuseInApp(page, 'items.search', 'internal', 'SqliteError: database disk image is malformed')
    await page.getByTestId('bundle-item-search').click()
    await page.keyboard.type('TO')
    const failed = page.getByTestId('item-search-failed')
    await expectText(failed, 'No se pudo buscar en el catálogo de esta computadora. Escriba de nuevo para intentarlo otra vez.')
    await expectText(failed, 'Error interno de la aplicación.')
    expect(await page.getByTestId('item-option').count()).toBe(0)
    await screenshotAtBothWidths(page, 'bundle-item-search-refused')

    await letThrough()
    await page.keyboard.type('R')
    await page.getByTestId('item-option').first().waitFor()
    expect(await failed.count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
