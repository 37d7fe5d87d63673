import { describe, expect, it } from 'vitest'
import type { TrainingService } from '@base/training'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { serviceGraphql } from './support/serviceGraphql'

interface ServiceItem {
  id: number
  code: string
  name: string
}

/** One item of the service, active or not, asked beside the app (GraphQL, as the training user). */
async function itemOnService(service: TrainingService, active: boolean): Promise<ServiceItem> {
  const query = `query { items(where: {active: {_eq: ${active}}}, order_by: {code: asc}, limit: 1) { id code name } }`
  const [item] = (await serviceGraphql<{ items: ServiceItem[] }>(service, query)).items
  if (!item) throw new Error(`no ${active ? 'active' : 'inactive'} item on the service`)
  return item
}

// Issue 30, item 3: the bundle editor took an inactive component; the service kept the bundle and then
// refused every booking of it. The editor now refuses the component, naming its code and name.
describe('bundle editor: an inactive component', () => {
  const app = useFreshApp()

  it('is marked in the item search and refused with its code and name; an active one is added', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    const service = await trainingService()
    const inactive = await itemOnService(service, false)
    const active = await itemOnService(service, true)
    await page.setViewportSize({ width: 1024, height: 768 })

    await page.getByTestId('catalogue-new').click()
    await expectText(page.getByTestId('bundle-title'), 'Nuevo conjunto')
    await input(page, 'bundle-code').fill('E2E-INACTIVO')
    await input(page, 'bundle-name').fill('Conjunto con un componente inactivo')

    const options = page.getByTestId('item-option')
    await page.getByTestId('bundle-item-search').click()
    await page.keyboard.type(inactive.code)
    const offered = page.locator(`[data-testid="item-option"][data-code="${inactive.code}"]`)
    await offered.waitFor()
    await expectText(offered.getByTestId('item-option-inactive'), 'inactivo')
    await offered.click()
    const refused = page.getByTestId('bundle-component-refused')
    await expectText(refused, `${inactive.code} — ${inactive.name} está inactivo`)
    expect(await page.getByTestId('component-row').count()).toBe(0)
    await screenshot(page, 'bundle-30-inactive-component-1024')
    // Refused, the search keeps the focus, empty: a code typed at once is the only text in it.
    const searchText = page.getByTestId('bundle-item-search').locator('input')
    await page.keyboard.type(inactive.code)
    await expect.poll(() => searchText.inputValue()).toBe(inactive.code)
    await offered.click()
    // The clerk goes back to the search at once and types the next code: the search holds it alone, not
    // appended to the picked one's text (issue 30: "CER-00021ADH-00012" on CI).
    await page.getByTestId('bundle-item-search').click()
    await page.keyboard.type(active.code)
    await expect.poll(() => searchText.inputValue()).toBe(active.code)
    expect(await page.getByTestId('component-row').count()).toBe(0)

    // An active item goes in, and the refusal gives way; the search is empty again.
    await options.first().waitFor()
    await page.locator(`[data-testid="item-option"][data-code="${active.code}"]`).click()
    await expect.poll(() => page.getByTestId('component-row').count()).toBe(1)
    expect(await refused.count()).toBe(0)
    expect(await page.getByTestId('component-inactive').count()).toBe(0)
    await expect.poll(() => searchText.inputValue()).toBe('')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
