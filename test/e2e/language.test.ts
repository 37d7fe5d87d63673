import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, input, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { requestInApp } from './support/requests'

/** Brightness of the page background, 0 (black) to 255; naive-ui fades it, so tests wait for the end. */
async function brightness(page: Page): Promise<number> {
  const colour = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number)
  return (r + g + b) / 3
}

/** Before the next load: keeps the training banner's first words as the page first drew them. */
async function keepFirstBanner(page: Page): Promise<() => Promise<string | undefined>> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const banner = document.querySelector('[data-testid="training-banner-text"]')?.textContent?.trim()
      if (!banner) return
      ;(window as unknown as { __firstBanner?: string }).__firstBanner = banner
      observer.disconnect()
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __firstBanner?: string }).__firstBanner)
}

describe('language and theme', () => {
  const app = useFreshApp()

  it('switching the language changes the menu at once and is remembered', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await page.getByTestId('language-es').click()
    await expectText(page.getByTestId('menu-catalogue'), 'Catálogo')
    await expectText(page.getByTestId('menu-administration'), 'Administración')
    await expectText(page.getByTestId('training-banner'), 'MODO DE PRÁCTICA — datos de práctica')

    await page.getByTestId('language-en').click()
    await expectText(page.getByTestId('menu-catalogue'), 'Catalogue')
    await expectText(page.getByTestId('menu-administration'), 'Administration')
    await expectText(page.getByTestId('status-connection'), /Online|Offline/)
    await expectText(page.getByTestId('training-banner'), 'TRAINING MODE — practice data')
    await screenshot(page, 'language-01-english')

    await page.reload()
    await expectText(page.getByTestId('menu-catalogue'), 'Catalogue')
    expect(await page.evaluate('document.documentElement.lang')).toBe('en')

    await page.getByTestId('language-es').click()
    await expectText(page.getByTestId('menu-catalogue'), 'Catálogo')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it("without a language chosen here, a start speaks the last profile's language from its first frame", async () => {
    const { page, problems } = app()
    await startTraining(page)
    await expectText(page.getByTestId('training-banner-text'), 'MODO DE PRÁCTICA')
    // Changed elsewhere (the service's web pages): nothing was chosen on this computer.
    await requestInApp(page, 'profile.update', { language: 'en' })
    const firstBanner = await keepFirstBanner(page)
    await page.reload()
    // Read again after the first screen: the shell turns English then, and remembers it.
    await expectText(page.getByTestId('training-banner-text'), 'TRAINING MODE')
    await page.reload()
    await expectText(page.getByTestId('training-banner-text'), 'TRAINING MODE')
    expect(await firstBanner()).toMatch(/^TRAINING MODE/)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('switching to the dark theme keeps the open form and what was typed in it', async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await page.getByTestId('catalogue-new').click()
    await input(page, 'bundle-name').fill('Kit a medio escribir')
    // The first switch of a session loads the dark colours; the screen waited for them on a blank page, and the form was lost.
    await page.getByTestId('theme-switch').click()
    await expect.poll(() => brightness(page)).toBeLessThan(50)
    expect(await input(page, 'bundle-name').inputValue()).toBe('Kit a medio escribir')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('the dark theme applies at once and survives a reload', async () => {
    const { page, problems } = app()
    await page.getByTestId('sign-in').waitFor()
    await expect.poll(() => brightness(page)).toBeGreaterThan(200)
    await page.getByTestId('theme-switch').click()
    await expect.poll(() => brightness(page)).toBeLessThan(50)
    await page.reload()
    await page.getByTestId('sign-in').waitFor()
    await expect.poll(() => brightness(page)).toBeLessThan(50)
    await screenshot(page, 'theme-01-dark-sign-in')
    await startTraining(page)
    await screenshot(page, 'theme-02-dark-shell')
    // The side menu and the main area scroll natively: their scrollbars take the theme's colour, not the system's grey.
    const scrollbar = await page.getByTestId('main-content').evaluate((m) => getComputedStyle(m).scrollbarColor)
    expect(scrollbar).toMatch(/^rgba\(255, 255, 255, [\d.]+\) /)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
