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
})
