import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { catalogueArrived } from './requests'

const knownNoise = [
  // The seed's bundle pictures live on a reserved host that never resolves, so that screens show their placeholder;
  // it is not the service's own host, so the page's CSP (img-src: the app and the signed-in service) refuses it first.
  /^console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED \(https:\/\/static\.mostrador\.test\//,
  /^console: Loading the image 'https:\/\/static\.mostrador\.test\/[^']*' violates the following Content Security Policy directive: "img-src /,
]

/** Console errors and page exceptions, minus the noise above. */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter((p) => !knownNoise.some((noise) => noise.test(p)))
}

export async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}

/** What a native <select> shows: its chosen option's text (its own text is every option's). */
export async function chosenOption(select: Locator): Promise<string> {
  const shown = await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')
  return shown.replace(/\s+/g, ' ').trim()
}

/** naive-ui wraps each <input>; tests type into the real one. */
export function input(page: Page, testId: string): Locator {
  return page.getByTestId(testId).locator('input')
}

export async function startTraining(page: Page): Promise<void> {
  await page.getByTestId('start-training').click()
  await page.getByTestId('shell').waitFor()
  await page.getByTestId('profile-name').waitFor()
  await catalogueArrived(page)
}

/** The rows of the memberships table, with what a clerk sees in each. */
export async function memberships(page: Page): Promise<{ entityId: number; name: string; current: boolean }[]> {
  const rows = page.locator('tr[data-current]')
  const count = await rows.count()
  const result: { entityId: number; name: string; current: boolean }[] = []
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const testId = (await row.getAttribute('data-testid')) ?? ''
    result.push({
      entityId: Number(testId.replace('membership-', '')),
      name: await text(row.getByTestId('membership-name')),
      current: (await row.getAttribute('data-current')) === 'true',
    })
  }
  return result
}

export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await locator.waitFor()
  await expect
    .poll(() => text(locator), { timeout: 10_000 })
    .toMatch(typeof expected === 'string' ? new RegExp(escape(expected)) : expected)
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Picks an option of a naive-ui select (`select`: the select itself), by its text or else the first offered, and
 * returns once the select shows it. A click that lands while the menu is still opening can be lost (a run of
 * printing.test clicked «Rollo de 58 mm» and the menu stayed open on A4): the menu is then closed and opened again, once.
 */
export async function chooseOption(page: Page, select: Locator, option?: string | RegExp): Promise<string> {
  for (let tries = 1; ; tries++) {
    await select.click()
    const offered = page.locator('.n-base-select-option', option === undefined ? {} : { hasText: option }).first()
    const name = await text(offered)
    await offered.click()
    try {
      await expect.poll(() => text(select), { timeout: 3000 }).toContain(name)
      return name
    } catch (err) {
      if (tries === 2) throw err
      await page.keyboard.press('Escape')
    }
  }
}

/** The first destination a new booking offers, as a clerk picks it with the mouse; returns its name. */
export function chooseDestination(page: Page): Promise<string> {
  return chooseOption(page, page.getByTestId('booking-destination'))
}

/**
 * Confirms a question as a clerk does once it is on screen: its default button has the focus (the dialog has
 * finished opening), the click lands on it, and the dialog is gone before the next step. A click during the
 * opening animation of a loaded machine could land beside the moving button and leave the dialog up.
 */
export async function confirmDialog(page: Page, dialogTestId: string, confirmTestId: string): Promise<void> {
  const dialog = page.getByTestId(dialogTestId)
  await dialog.waitFor()
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, confirmTestId)
  await dialog.getByTestId(confirmTestId).click()
  await dialog.waitFor({ state: 'detached' })
}

/** Signs in on the sign-in screen to the service at `serverUrl` (a sandbox, or a proxy in front of one) and waits for the shell. */
export async function signInTo(page: Page, serverUrl: string, user: { email: string; token: string }): Promise<void> {
  await page.getByTestId('sign-in').waitFor()
  await input(page, 'signin-server').fill(serverUrl)
  await input(page, 'signin-email').fill(user.email)
  await input(page, 'signin-token').fill(user.token)
  await page.getByTestId('signin-submit').click()
  await page.getByTestId('shell').waitFor()
}

/** New booking from the menu, waited on until its scan box takes codes (a slow machine may take seconds). */
export async function openNewBooking(page: Page): Promise<void> {
  await page.getByTestId('menu-newBooking').click()
  await page.getByTestId('newBooking-view').waitFor()
  await expect.poll(() => page.getByTestId('booking-scan').locator('input').isEnabled(), { timeout: 15_000 }).toBe(true)
}

/** Asks for Help → Diagnostics: its menu entry, or Alt+6 below 1280 px, where the menu is icons and Help's screens sit in a pop-up. */
export async function chooseDiagnostics(page: Page): Promise<void> {
  if (await page.getByTestId('menu-diagnostics').isVisible()) await page.getByTestId('menu-diagnostics').click()
  else await page.keyboard.press('Alt+6')
}

/** Help → Diagnostics, waited on until its checks are summed up. */
export async function openDiagnostics(page: Page): Promise<void> {
  await chooseDiagnostics(page)
  await page.getByTestId('diagnostics-view').waitFor()
  await page.getByTestId('diagnostics-summary').waitFor()
}

/**
 * Whether a clerk sees the whole element: inside the screen's scrolled pane, top to bottom, and not under anything
 * drawn over it (a sticky bar, a dialog) nor cut by a list scrolled sideways, at its middle and its two ends.
 */
export async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const pane = document.querySelector('[data-testid="main-content"]')?.getBoundingClientRect()
    const r = el.getBoundingClientRect()
    if (!pane || r.height === 0 || r.top < pane.top || r.bottom > pane.bottom) return false
    const y = r.top + r.height / 2
    return [r.left + 1, r.left + r.width / 2, r.right - 1].every((x) => {
      const over = document.elementFromPoint(x, y)
      return over !== null && (el === over || el.contains(over))
    })
  })
}

/** Whether the focus is in the element of that test id (a field, or a component around its input). */
export function focusIn(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) != null, testId)
}

/** The test id of what holds the focus, or of the nearest element around it that has one. */
export function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null)
}
