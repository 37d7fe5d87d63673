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
    expect(await page.getByTestId('settings-updates-toggle').getAttribute('class')).toContain('disabled')
    await screenshot(page, 'settings-01-updates-off')
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
