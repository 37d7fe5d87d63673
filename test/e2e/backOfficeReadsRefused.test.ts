import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { refuseInApp } from './support/requests'

// Reads the core or the service refused were shown as absences on the back office's screens: "no catalogue
// downloaded", an empty category list, a currency of "—", a profile that did not reload, the last query's table.
const damaged = 'SqliteError: database disk image is malformed'

async function switchCompany(page: Page): Promise<void> {
  const before = await text(page.getByTestId('header-entity'))
  await page.getByTestId('header-entity').click()
  await page.locator('[data-testid^="entity-option-"]').first().click()
  await expect.poll(() => text(page.getByTestId('header-entity'))).not.toBe(before)
}

describe('back office: a read that is refused is said, with a way to ask again', () => {
  const app = useFreshApp()

  it("the catalogue's state and the item categories", async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)

    // The other company's catalogue state cannot be read: it is unknown, not "not downloaded".
    const letStatus = await refuseInApp(page, 'catalogue.status', 'internal', damaged)
    await switchCompany(page)
    const statusError = page.getByTestId('catalogue-status-error')
    await expectText(statusError, 'No se pudo leer el estado del catálogo guardado en este equipo')
    expect(await page.getByTestId('catalogue-stock-as-of').count()).toBe(0)
    await screenshotAtBothWidths(page, 'catalogue-status-refused')
    await letStatus()
    // The state comes back by the clerk's retry or with the new company's first pull, whichever is first.
    await page.getByTestId('catalogue-stock-as-of').waitFor()
    expect(await statusError.count()).toBe(0)

    const letCategories = await refuseInApp(page, 'itemCategories.list', 'internal', damaged)
    await page.getByTestId('catalogue-new').click()
    await page.getByTestId('bundle-dynamic').click()
    const categoriesError = page.getByTestId('bundle-categories-error')
    await expectText(categoriesError, 'No se pudieron leer las categorías de artículos')
    await screenshotAtBothWidths(page, 'bundle-categories-refused', () => categoriesError.scrollIntoViewIfNeeded())
    await letCategories()
    await categoriesError.getByTestId('error-retry').click()
    await categoriesError.waitFor({ state: 'detached' })
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it("the company's currency, the profile's reload and a query run in the console", async () => {
    const { page, problems } = app()
    await startTraining(page)

    const letCurrency = await refuseInApp(page, 'company.currency', 'network', 'connect ECONNREFUSED 10.0.0.5:443')
    await switchCompany(page)
    await page.getByTestId('menu-company').click()
    const currencyError = page.getByTestId('company-currency-error')
    await expectText(currencyError, 'No se pudo leer la moneda de la empresa')
    await expectText(page.getByTestId('company-field-currencyId'), 'No se pudo leer')
    await screenshotAtBothWidths(page, 'company-currency-refused')
    await letCurrency()
    await page.getByTestId('company-reload').click()
    await currencyError.waitFor({ state: 'detached' })
    expect(await text(page.getByTestId('company-field-currencyId'))).not.toMatch(/No se pudo leer|—/)

    await page.getByTestId('menu-profile').click()
    const name = await text(page.getByTestId('profile-name'))
    const letProfile = await refuseInApp(page, 'profile.whoami', 'forbidden', 'HTTP 403')
    await page.getByTestId('profile-reload').click()
    await expectText(page.getByTestId('profile-error'), 'No se pudo volver a leer su perfil: se muestra el que se leyó antes')
    // What was read before stays, under the failure.
    expect(await text(page.getByTestId('profile-name'))).toBe(name)
    await screenshotAtBothWidths(page, 'profile-reload-refused')
    await letProfile()
    await page.getByTestId('profile-error').getByTestId('error-retry').click()
    await page.getByTestId('profile-error').waitFor({ state: 'detached' })

    await page.getByTestId('menu-graphql').click()
    const editor = page.getByTestId('graphql-query')
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.press('Delete')
    await page.keyboard.type('query { agencies(order_by: [{id: asc}]) { id name } }')
    await page.getByTestId('graphql-run').click()
    await page.getByTestId('graphql-table').waitFor()
    const letQuery = await refuseInApp(page, 'graphql.query', 'network', 'connect ECONNREFUSED 10.0.0.5:443')
    await page.getByTestId('graphql-run').click()
    await page.getByTestId('graphql-failure').waitFor()
    // The table of the run before is not this run's answer.
    expect(await page.getByTestId('graphql-table').count()).toBe(0)
    await screenshotAtBothWidths(page, 'graphql-run-refused', () => page.getByTestId('graphql-failure').scrollIntoViewIfNeeded())
    await letQuery()
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
