import { describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot, screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'

const facts = bundleFacts[101]

describe('catalogue offline', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('finds a bundle by its barcode from the cached catalogue once the service is gone, and keeps an edit it cannot save', async () => {
    const { page, problems, stopTrainingService } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    const stockAsOf = await text(page.getByTestId('catalogue-stock-as-of'))

    await stopTrainingService()

    // Refresh now fails: the clerk is told, and the snapshot already taken stays.
    await page.getByTestId('catalogue-refresh').click()
    await expectText(page.getByTestId('catalogue-pull-error'), 'Sin conexión con el servicio')
    await expectText(page.getByTestId('status-connection'), 'Sin conexión')
    expect(await text(page.getByTestId('catalogue-stock-as-of'))).toBe(stockAsOf)

    // Even a reload of the window works from the cache.
    await page.reload()
    await page.getByTestId('shell').waitFor()
    await page.getByTestId('menu-catalogue').click()
    await page.getByTestId('catalogue-row').first().waitFor()
    await expectText(page.getByTestId('catalogue-stock-as-of'), stockAsOf)
    // The failed pull is remembered by the core, and told in the clerk's language, not the error's English.
    await expectText(page.getByTestId('catalogue-last-error'), 'Sin conexión con el servicio')
    await screenshotAtBothWidths(page, 'catalogue-offline-01-list')

    await page.keyboard.press('/')
    await scan(page, facts.withMovements.ean13)
    await page.getByTestId('bundle-view').waitFor()
    await expectText(page.getByTestId('bundle-title'), facts.withMovements.code)
    await expectText(page.getByTestId('bundle-source'), 'Guardado en este equipo')
    await expectText(page.getByTestId('bundle-offline'), 'guardar y eliminar necesitan conexión')
    expect(await page.getByTestId('component-row').count()).toBeGreaterThan(0)

    // Saving needs the network: the answer says so and the typed name stays in the form.
    const name = page.getByTestId('bundle-name').locator('input')
    await name.fill('Kit editado sin red')
    await page.getByTestId('bundle-save').click()
    await expectText(page.getByTestId('bundle-save-error'), 'Sin conexión con el servicio')
    await expectText(page.getByTestId('bundle-kept'), 'Sus cambios siguen en el formulario')
    expect(await name.inputValue()).toBe('Kit editado sin red')
    await screenshot(page, 'catalogue-offline-02-bundle')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
