import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { createBookingInApp, serviceHas } from './support/bookings'
import { requestInApp } from './support/requests'

// Issue 30, item 8: training mode can lose the line. On main there was no way to practise offline
// saving: the "Simular sin conexión" switch did not exist. It makes the embedded service unreachable;
// the app finds out as it would of a real line, and the Sync centre says what will happen to what waits.

const facts = bookingFacts[101]
// The profile's clock may write 12 hours ("4:57 a. m.").
const sinceTime = /desde \d{1,2}:\d{2}(?:\s?[ap]\.\s?m\.)?/
/** The same closing a sentence: one period, the 12-hour time's own where it has one. */
const sinceSentence = /desde \d{1,2}:\d{2}(?:\.|\s?[ap]\.\s?m\.)/

describe('training mode’s "Simular sin conexión"', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('drops the practice line, keeps what is saved meanwhile, and sends it once the line is back', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await expectText(page.getByTestId('status-connection'), /^En línea$/)
    const toggle = page.getByTestId('training-offline')
    await expectText(page.getByTestId('training-banner'), 'Simular sin conexión')

    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    await expectText(page.getByTestId('status-connection'), new RegExp(`^Sin conexión ${sinceTime.source}$`))

    const localId = await createBookingInApp(page, {
      agencyToId: facts.sameCategoryAgency,
      plannedDelivery: '2026-12-01',
      reference: 'Práctica sin conexión',
      lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
    })
    await expectText(page.getByTestId('sync-indicator-waiting'), 'Pendientes: 1')

    // The Sync centre says what will happen, in the status bar's words, not "Comprobando".
    await page.getByTestId('menu-syncCentre').click()
    await page.getByTestId('syncCentre-view').waitFor()
    const entry = page.getByTestId('sync-waiting').locator('[data-entry]')
    await expect.poll(() => entry.count()).toBe(1)
    await expectText(entry.getByTestId('entry-state'), /^Se enviará cuando vuelva la conexión$/)
    await expectText(page.getByTestId('sync-offline'), new RegExp(`^Sin conexión ${sinceSentence.source} Los cambios esperan aquí`))
    // F5 while offline asks, and says so; nothing is called synced.
    await page.keyboard.press('F5')
    await expectText(page.locator('.n-message'), new RegExp(`No se pudo sincronizar\\. Sin conexión ${sinceTime.source}`))
    await expectText(entry.getByTestId('entry-state'), /^Se enviará cuando vuelva la conexión$/)
    expect(await page.getByTestId('syncCentre-view').textContent()).not.toMatch(/Comprobando|Inténtelo de nuevo/)
    await expect.poll(() => page.locator('.n-message').count(), { timeout: 15_000 }).toBe(0)

    // Looked at: 1366 and 1024, both themes.
    await screenshot(page, 'sync-offline-1366-light')
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.waitForTimeout(500)
    await screenshot(page, 'sync-offline-1024-light')
    await page.getByTestId('theme-switch').click()
    // The switch's tooltip away, and the side menu settled after each resize, before each picture.
    await page.mouse.move(600, 650)
    await page.waitForTimeout(500)
    await screenshot(page, 'sync-offline-1024-dark')
    // The banner follows the theme: a pale pink band glared on the dark theme's near-black.
    const wash = await page.getByTestId('connection-banner').evaluate((el) => getComputedStyle(el).backgroundColor)
    const [r, g, b] = (wash.match(/\d+/g) ?? []).map(Number)
    expect(Math.max(r ?? 255, g ?? 255, b ?? 255), wash).toBeLessThan(96)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.waitForTimeout(500)
    await screenshot(page, 'sync-offline-1366-dark')

    // The line back: the app finds the service again and the booking goes.
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    await expectText(page.getByTestId('status-connection'), /^En línea$/)
    await page.keyboard.press('F5')
    await page.getByTestId('sync-empty').waitFor({ timeout: 20_000 })
    await expectText(page.getByTestId('sync-indicator'), 'Sincronizado')
    const sent = (await requestInApp(page, 'bookings.list')).find((b) => b.localId === localId)?.serviceId ?? null
    expect(sent).toBeGreaterThan(0)
    expect(await serviceHas(await app().trainingService(), sent!)).toBe(true)

    expect(unexpectedProblems(problems).filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  })
})
