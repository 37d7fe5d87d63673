import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { text } from './actions'

/** Opens the catalogue from the menu and waits until a snapshot is there and rows show. */
export async function openCatalogueWithRows(page: Page): Promise<void> {
  await page.getByTestId('menu-catalogue').click()
  await page.getByTestId('catalogue-view').waitFor()
  // The first visit pulls by itself; a pull takes a few seconds on the training company.
  await expect.poll(() => text(page.getByTestId('catalogue-stock-as-of')), { timeout: 60_000 }).toMatch(/^(Existencias al|Stock as of) /)
  await page.getByTestId('catalogue-row').first().waitFor({ timeout: 30_000 })
}

export function rowByCode(page: Page, code: string): Locator {
  return page.locator(`[data-testid="catalogue-row"][data-code="${code.replace(/"/g, '\\"')}"]`)
}

/** What a clerk reads in one row of the catalogue. */
export async function rowFacts(row: Locator): Promise<{ code: string; name: string; ean13: string; available: string }> {
  return {
    code: await text(row.getByTestId('catalogue-cell-code')),
    name: await text(row.getByTestId('catalogue-cell-name')),
    ean13: await text(row.getByTestId('catalogue-cell-ean13')),
    available: await text(row.getByTestId('catalogue-cell-available')),
  }
}

export interface Barcoded {
  code: string
  name: string
  ean13: string
}

/** The first rows on screen whose barcode is filled in (among the rows already loaded). */
export async function rowsWithBarcode(page: Page, count: number): Promise<Barcoded[]> {
  const rows = page.getByTestId('catalogue-row')
  const total = await rows.count()
  const found: Barcoded[] = []
  for (let i = 0; i < total && found.length < count; i++) {
    const facts = await rowFacts(rows.nth(i))
    if (/^\d{13}$/.test(facts.ean13)) found.push(facts)
  }
  if (found.length < count) throw new Error(`fewer than ${count} rows on screen have an EAN-13`)
  return found
}

/** A barcode scanner: the digits in a burst (a few ms apart), then Enter. */
export async function scan(page: Page, digits: string): Promise<void> {
  await page.keyboard.type(digits, { delay: 5 })
  await page.keyboard.press('Enter')
}

/** Types into the catalogue's search box and waits until the list shows that search. */
export async function searchList(page: Page, query: string): Promise<void> {
  const box = page.getByTestId('catalogue-search').locator('input')
  await box.fill(query)
  await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeGreaterThan(0)
}
