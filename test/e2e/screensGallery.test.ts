import { describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { input, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, rowsWithBarcode, scan } from './support/catalogue'
import { bannerLayout, horizontalOverflow, menuWidth, poorContrast } from './support/looks'

/**
 * Every main screen at the three window sizes a shop has (a 1024 px counter
 * PC, a 1366 px laptop, a 1920 px office screen), in the light and dark theme:
 * a screenshot of each (`gallery-<screen>-<width>-<theme>.png`, for a person to
 * look at) and the things a clerk would notice at once, collected over the
 * whole walk so one run tells them all.
 */
const sizes = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const
const themes = ['light', 'dark'] as const
/**
 * The least contrast any text may have. Dark is where hard-coded colours bite (#d03050 or a bare link on
 * near-black): WCAG's 3:1 for large text. Light keeps naive-ui's own palette (white on its green or amber
 * buttons, green on pale-green tags sit between 2.1 and 3:1), so there the floor catches text that is
 * close to invisible.
 */
const minimumContrast = { light: 2, dark: 3 } as const
/** Below this width the side menu is icons only (the shell's breakpoint). */
const menuBreakpoint = 1280

describe('every main screen at 1024, 1366 and 1920 px, light and dark', () => {
  const app = useFreshApp()

  it('fits the window, keeps the menu and banner in shape and its text readable', { timeout: 600_000 }, async () => {
    const { page, problems } = app()
    const findings: string[] = []

    /** The current screen at every size and theme: screenshot, then what a clerk would notice. */
    async function look(screen: string): Promise<void> {
      for (const theme of themes) {
        // A fresh app's theme preference is "system": flipping the emulated scheme switches it in place, as the OS would.
        await page.emulateMedia({ colorScheme: theme })
        for (const size of sizes) {
          await page.setViewportSize(size)
          // The menu folds or opens with a 0.3 s transition; wait it out (a menu that never gets there is reported below).
          const target = size.width < menuBreakpoint ? 64 : 292
          await expect
            .poll(() => menuWidth(page), { timeout: 3_000 })
            .toSatisfy((w) => w === null || w === target)
            .catch(() => undefined)
          // naive-ui's theme swap fades colours in (0.3 s); a size change alone does not.
          if (size === sizes[0]) await page.waitForTimeout(350)
          const where = `${screen} ${size.width} ${theme}`
          await screenshot(page, `gallery-${screen}-${size.width}-${theme}`)
          for (const o of await horizontalOverflow(page)) findings.push(`${where}: sideways scroll: ${o}`)
          for (const c of await poorContrast(page, minimumContrast[theme]))
            findings.push(`${where}: hard to read "${c.text}" at ${c.where}: ${c.color} on ${c.background} (${c.ratio}:1)`)
          const banner = await bannerLayout(page)
          if (banner && (banner.wrapped.length > 0 || banner.height > 44))
            findings.push(`${where}: training banner on more than one line (${banner.height} px): ${banner.wrapped.join(' | ')}`)
          const menu = await menuWidth(page)
          if (menu !== null) {
            if (size.width < menuBreakpoint && menu > 64) findings.push(`${where}: menu not collapsed (${menu} px)`)
            if (size.width >= menuBreakpoint && menu < 200) findings.push(`${where}: menu collapsed at a wide window (${menu} px)`)
          }
        }
      }
      // Signing in has no header; every other screen says its name once, in the header.
      const header = page.getByTestId('screen-title')
      const title = (await header.count()) > 0 ? ((await header.textContent()) ?? '').trim() : null
      if (title && (await page.locator('main').getByRole('heading', { name: title, exact: true }).count()) > 0)
        findings.push(`${screen}: its title "${title}" shown twice, in the header and on the page`)
      // Back to the size the rest of the walk navigates at.
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize({ width: 1366, height: 768 })
    }

    async function open(menuKey: string, viewTestId: string): Promise<void> {
      await page.getByTestId(`menu-${menuKey}`).click()
      await page.getByTestId(viewTestId).waitFor()
    }

    await page.getByTestId('sign-in').waitFor()
    await look('sign-in')
    await startTraining(page)
    // Asked once per computer; answered "later" so it does not sit on every screenshot.
    await page.getByTestId('station-later').click()
    await look('profile')

    await openCatalogueWithRows(page)
    const barcoded = await rowsWithBarcode(page, 3)
    await look('catalogue')
    await page.evaluate((id) => (location.hash = `#/catalogue/bundles/${id}`), bundleFacts[101].withMovements.id)
    await page.getByTestId('bundle-view').waitFor()
    await page.getByTestId('bundle-code').waitFor()
    await look('bundle')

    await open('newBooking', 'newBooking-view')
    await page.getByTestId('booking-scan').locator('input').click()
    for (const row of barcoded) await scan(page, row.ean13)
    await expect.poll(() => page.getByTestId('booking-line').count()).toBeGreaterThanOrEqual(3)
    await look('new-booking')

    await open('bookings', 'bookings-view')
    await look('bookings')
    await open('syncCentre', 'syncCentre-view')
    await look('sync-centre')
    await open('dispatch', 'dispatch-view')
    await look('dispatch')

    await open('consolidates', 'consolidates-view')
    await look('consolidates')
    await page.keyboard.press('Alt+KeyN')
    await page.getByTestId('consolidate-new-view').waitFor()
    await page.getByTestId('order-row').first().waitFor()
    await look('purchase-orders')
    await open('receptions', 'receptions-view')
    await look('receptions')
    await input(page, 'receptions-search').fill('PED-5480')
    await input(page, 'receptions-search').press('Enter')
    await page.getByTestId('reception-order-view').waitFor()
    await page.getByTestId('reception-line').first().waitFor()
    await look('reception-order')

    await open('company', 'company-view')
    await look('company')
    await open('pieceworkTypeGroups', 'pieceworkTypeGroups-view')
    await look('piecework-groups')
    await open('documentStructures', 'documentStructures-view')
    await look('document-structures')
    await open('dynamicTables', 'dynamicTables-view')
    await look('dynamic-tables')
    await open('graphql', 'graphql-view')
    await look('graphql')
    await open('diagnostics', 'diagnostics-view')
    await look('diagnostics')

    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-settings').click()
    await page.getByTestId('settings-dialog').waitFor()
    await look('settings')
    await page.keyboard.press('Escape')

    await page.getByTestId('training-reset').click()
    await page.getByTestId('training-reset-dialog').waitFor()
    await look('reset-dialog')
    await page.keyboard.press('Escape')

    expect(findings).toEqual([])
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
