import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { areas, screens } from '@renderer/shell/areas'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'

/** naive-ui's own placeholders, in the two languages the app speaks. */
const libraryPlaceholders =
  /Please (Input|Select)|Ingrese datos|Seleccionar por favor|Select (Date|Week|Time|Month|Year|Quarter)|(Start|End) (Date|Month)|Seleccionar (fecha|hora|mes|año|Trimestre)|Fecha (de inicio|final)/

/** What the screen says: its text and every field's placeholder. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [document.body.innerText, ...[...document.querySelectorAll('input, textarea')].map((e) => e.getAttribute('placeholder') ?? '')].join(
      '\n',
    ),
  )
}

describe('screens in training mode', () => {
  const app = useFreshApp()

  it('shows the training banner and watermark on every screen of the menu', async () => {
    const { page, problems } = app()
    await startTraining(page)
    for (const screen of screens) {
      await page.getByTestId(`menu-${screen.key}`).click()
      await expect.poll(() => page.evaluate<string>('location.hash')).toBe(`#${screen.path}`)
      await page.getByTestId('main-content').waitFor()
      if (screen.built) {
        // Each built screen's root is `<key>-view`.
        await page.getByTestId(`${screen.key}-view`).waitFor()
      } else {
        await expectText(page.getByTestId('coming-soon'), 'Llegará en una versión posterior')
      }
      await expectText(page.getByTestId('training-banner'), 'MODO DE PRÁCTICA — datos de práctica')
      expect(await page.getByTestId('training-watermark').count()).toBe(1)
      // No field speaks with the UI library's voice ("Ingrese datos por favor", "Please Input"): our placeholder or none.
      expect(await shownText(page), screen.key).not.toMatch(libraryPlaceholders)
      await screenshot(page, `screen-${screen.key}`)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('speaks with no library placeholder in English either', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('language-en').click()
    await expectText(page.getByTestId('training-banner'), 'TRAINING MODE')
    for (const screen of screens) {
      await page.getByTestId(`menu-${screen.key}`).click()
      await expect.poll(() => page.evaluate<string>('location.hash')).toBe(`#${screen.path}`)
      if (screen.built) await page.getByTestId(`${screen.key}-view`).waitFor()
      // The English library's words are the ones this would catch ("Please Input", "Please Select", "Select Date").
      expect(await shownText(page), screen.key).not.toMatch(libraryPlaceholders)
      await screenshot(page, `screen-en-${screen.key}`)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('opens each area with Alt+number', async () => {
    const { page, problems } = app()
    await startTraining(page)
    for (const area of areas) {
      await page.keyboard.press(`Alt+Digit${area.shortcut}`)
      await expect.poll(() => page.evaluate<string>('location.hash')).toBe(`#${area.screens[0]!.path}`)
      await expectText(page.getByTestId('training-banner'), 'MODO DE PRÁCTICA')
    }
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('resets the training data after confirming with Enter (focus starts on Restablecer), and Esc closes the confirmation', async () => {
    const { page, problems } = app()
    await startTraining(page)

    await page.getByTestId('training-reset').click()
    await page.getByTestId('training-reset-confirm').waitFor()
    await screenshot(page, 'training-reset-dialog')
    await page.keyboard.press('Escape')
    await page.getByTestId('training-reset-confirm').waitFor({ state: 'detached' })

    await page.getByTestId('training-reset').click()
    await page.getByTestId('training-reset-confirm').waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('training-reset-confirm')
    await expectText(page.getByTestId('training-reset-cancel'), 'Cancelar')
    await page.keyboard.press('Enter')
    await page.getByTestId('training-reset-confirm').waitFor({ state: 'detached', timeout: 60_000 })
    await expectText(page.locator('.n-message'), 'Datos de práctica restablecidos.')
    await page.getByTestId('profile-name').waitFor()
    await expectText(page.getByTestId('training-banner'), 'MODO DE PRÁCTICA')
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
