import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'

describe('settings', () => {
  const app = useFreshApp()

  it('say, in the browser host, that updates are the desktop app’s business, and offer no switch to flip', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('language-en').click()
    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-settings').click()
    await expectText(page.getByTestId('settings-updates-state'), 'Updates are handled by the desktop app.')
    const toggle = page.getByTestId('settings-updates-toggle')
    expect(await toggle.getAttribute('class')).toContain('disabled')
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    // The menu has closed and the dialog finished fading in before the picture is taken.
    await expect.poll(() => page.getByTestId('user-menu-settings').count()).toBe(0)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'settings-01-updates-off-1024')
    await page.keyboard.press('Escape')
    await page.getByTestId('language-es').click()
    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-settings').click()
    await expectText(page.getByTestId('settings-updates-state'), 'Las actualizaciones las gestiona la aplicación de escritorio.')
    // No version is ready here, so the header shows no install notice.
    expect(await page.getByTestId('update-notice').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('choose by name the agencies whose stock every refresh reads, leave out its own, and keep them after a reload', async () => {
    const { page, problems } = app()
    await startTraining(page)
    const open = async () => {
      await page.getByTestId('user-menu').click()
      await page.getByTestId('user-menu-settings').click()
    }
    await open()
    const select = page.getByTestId('settings-stock-agencies')
    await expectText(select, 'Ninguna más')
    await select.click()
    const offered = page.locator('.n-base-select-option')
    await expect.poll(() => offered.count()).toBeGreaterThan(1)
    const names = await offered.allInnerTexts()
    const own = (await page.getByTestId('status-agency').innerText()).trim()
    expect(own).not.toBe('')
    expect(names).not.toContain(own)
    const chosen = names[0]!
    await offered.first().click()
    await page.getByTestId('settings-dialog').locator('.n-card-header').click()
    await expect.poll(() => select.innerText()).toContain(chosen)
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await screenshot(page, 'settings-02-stock-agencies-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'settings-03-stock-agencies-1366')
    await page.reload()
    await open()
    await expect.poll(() => page.getByTestId('settings-stock-agencies').innerText()).toContain(chosen)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
