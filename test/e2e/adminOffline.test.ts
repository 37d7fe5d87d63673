import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, unexpectedProblems } from './support/actions'

describe('administration without the service', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('a row that cannot be saved stays in its dialog, and the lists say the service is unreachable with a retry', async () => {
    const { page, problems, stopTrainingService } = app()
    await startTraining(page)
    await page.getByTestId('menu-dynamicTables').click()
    await page.getByRole('link', { name: 'Tarifas de envío' }).click()
    await page.getByTestId('rows-grid').waitFor()

    await page.getByTestId('row-new').click()
    await input(page, 'row-field-0').fill('Antigua')
    await input(page, 'row-field-1').fill('60')
    await stopTrainingService()
    await page.getByTestId('row-save').click()
    await expectText(page.getByTestId('row-error'), 'Sin conexión con el servicio')
    expect(await input(page, 'row-field-0').inputValue()).toBe('Antigua')
    expect(await input(page, 'row-field-1').inputValue()).toBe('60')
    await screenshot(page, 'admin-07-row-offline')
    await page.keyboard.press('Escape')

    await page.getByTestId('menu-pieceworkTypeGroups').click()
    await expectText(page.getByTestId('piecework-load-error'), 'Sin conexión con el servicio')
    await page.getByTestId('piecework-load-error').getByTestId('error-retry').waitFor()
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
