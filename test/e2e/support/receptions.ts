import type { Page } from 'playwright-core'
import { input } from './actions'
import { serviceGraphql, type ServiceUser } from './serviceGraphql'

/**
 * Registering a reception counted short, or into an expired or expiring lot, first shows a summary whose
 * default is to register what was counted: Enter takes it, as a clerk at the receiving door would.
 */
export async function confirmReceptionSummary(page: Page): Promise<void> {
  const summary = page.getByTestId('reception-summary')
  await summary.waitFor()
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'reception-summary-confirm')
  await page.keyboard.press('Enter')
  await summary.waitFor({ state: 'detached' })
}

/** An item's fields a test asks for (`name` when the query names it). */
export interface ServiceItem {
  id: number
  code: string
  name?: string
  ean13: string | null
}

/** Items as the service holds them, asked beside the app (GraphQL): their barcodes are on no screen. */
export async function itemsOnService(service: ServiceUser, query: string, variables: Record<string, unknown>): Promise<ServiceItem[]> {
  return (await serviceGraphql<{ items: ServiceItem[] }>(service, query, variables)).items
}

/** Opens the reception of the order a reference names, from the menu, as a clerk finds it by the supplier's paper. */
export async function openReception(page: Page, reference: string): Promise<void> {
  await page.getByTestId('menu-receptions').click()
  await input(page, 'receptions-search').fill(reference)
  await input(page, 'receptions-search').press('Enter')
  await page.getByTestId('reception-order-view').waitFor()
}
