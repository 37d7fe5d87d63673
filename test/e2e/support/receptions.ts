import type { Page } from 'playwright-core'

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
