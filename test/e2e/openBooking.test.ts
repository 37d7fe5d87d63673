import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { chooseDestination, expectText, input, startTraining, text, unexpectedProblems, openNewBooking } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'

// The booking a clerk is typing survives what a counter meets: the app killed
// or crashed mid-typing (restored, with a note), and a switch of company (kept
// for the company it was started in; the other starts empty). Issue 12.
const facts = bookingFacts[101]

const lines = (page: Page) => page.getByTestId('booking-line')
const codesOnScreen = (page: Page) => lines(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))

/** A form for today with one line, kept: what a restart finds again. */
async function keepOneLineForToday(page: Page): Promise<{ delivery: Locator; typedOn: string }> {
  await startTraining(page)
  await openCatalogueWithRows(page)
  await openNewBooking(page)
  const delivery = input(page, 'booking-planned-delivery')
  // A new form is planned for today (the core's clock, in the profile's zone).
  const typedOn = await delivery.inputValue()
  expect(typedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await chooseDestination(page)
  await page.keyboard.press('F2')
  await scan(page, facts.stockedItem.code)
  // A code not read ahead yet is the core's to answer, and the destination's keep may already say "kept":
  // the line first, then its own keep, or a restart finds the form without it.
  await expect.poll(() => lines(page).count()).toBe(1)
  await page.getByTestId('booking-kept').waitFor()
  return { delivery, typedOn }
}

const quantities = (page: Page) =>
  page
    .getByTestId('booking-line-quantity')
    .locator('input')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

describe('the booking being typed', () => {
  const app = useFreshApp()

  it(
    'is there again, with a note, after the app is killed mid-typing and started again; gone once saved or discarded',
    { timeout: 150_000 },
    async () => {
      const { page, problems, restartHost } = app()
      await startTraining(page)
      await openCatalogueWithRows(page)
      await openNewBooking(page)
      // A fresh counter has nothing to restore.
      expect(await page.getByTestId('booking-restored').count()).toBe(0)

      const destination = await chooseDestination(page)
      await input(page, 'booking-reference').fill('Antes del corte')
      await page.keyboard.press('F2')
      await scan(page, facts.stockedItem.code)
      await scan(page, facts.multiLotItem.code)
      await scan(page, facts.stockedItem.code)
      await scan(page, facts.lastUnitItem.code)
      await expect.poll(() => lines(page).count()).toBe(3)
      const codes = [facts.stockedItem.code, facts.multiLotItem.code, facts.lastUnitItem.code]
      expect(await codesOnScreen(page)).toEqual(codes)
      // Kept at once after the last scan: the form says so once the write is done.
      await page.getByTestId('booking-kept').waitFor()
      await page.getByTestId('booking-kept').scrollIntoViewIfNeeded()
      await screenshot(page, 'openBooking-kept')
      // Kept, not sent: nothing waits in the outbox.
      await page.getByTestId('sync-indicator-clear').waitFor()
      expect(await page.getByTestId('sync-indicator-waiting').count()).toBe(0)
      const problemsBefore = unexpectedProblems(problems)

      await restartHost()
      // Training credentials live in memory only, so the restarted app asks to enter training again (a real
      // account comes back from the keychain); training keeps its own cache, and the open booking is in it.
      await startTraining(page)
      await openNewBooking(page)
      const note = page.getByTestId('booking-restored')
      await expectText(note, /^Se recuperó la reserva sin guardar de las \d{1,2}:\d{2}/)
      expect(await codesOnScreen(page)).toEqual(codes)
      expect(await quantities(page)).toEqual(['2', '1', '1'])
      expect(await input(page, 'booking-reference').inputValue()).toBe('Antes del corte')
      await expectText(page.getByTestId('booking-destination'), destination)
      for (const [width, height] of [
        [1024, 768],
        [1366, 768],
      ] as const) {
        await page.setViewportSize({ width, height })
        await screenshot(page, `openBooking-restored-${width}x${height}`)
      }

      // A line scanned after the restore is a line of its own, not a clash with a restored one.
      await page.keyboard.press('F2')
      await scan(page, facts.multiLotItem.code)
      await expect.poll(() => quantities(page)).toEqual(['2', '2', '1'])

      // Saved as a booking: the kept form goes; a reload finds an empty form and no note.
      await page.keyboard.press('Control+Enter')
      await page.locator('.n-message', { hasText: 'pendiente de enviar' }).waitFor()
      await expect.poll(() => lines(page).count()).toBe(0)
      expect(await page.getByTestId('booking-restored').count()).toBe(0)
      await page.reload()
      await openNewBooking(page)
      await page.getByTestId('booking-no-lines').waitFor()
      expect(await page.getByTestId('booking-restored').count()).toBe(0)
      expect(await input(page, 'booking-reference').inputValue()).toBe('')

      // Discarded (after the question): gone too.
      await page.keyboard.press('F2')
      await scan(page, facts.stockedItem.code)
      await expect.poll(() => lines(page).count()).toBe(1)
      await page.getByTestId('booking-kept').waitFor()
      await page.getByTestId('booking-discard').click()
      await page.locator('.n-dialog').getByRole('button', { name: 'Sí' }).click()
      await expect.poll(() => lines(page).count()).toBe(0)
      await page.reload()
      await openNewBooking(page)
      await page.getByTestId('booking-no-lines').waitFor()
      expect(await page.getByTestId('booking-restored').count()).toBe(0)

      expect(problemsBefore).toEqual([])
    },
  )

  it(
    'stays with the company it was started in: the other company starts empty, and coming back finds it',
    { timeout: 150_000 },
    async () => {
      const { page, problems } = app()
      await startTraining(page)
      const first = await text(page.getByTestId('header-entity'))
      await openCatalogueWithRows(page)
      await openNewBooking(page)
      await chooseDestination(page)
      await input(page, 'booking-reference').fill('Empresa uno')
      await page.keyboard.press('F2')
      await scan(page, facts.stockedItem.code)
      await scan(page, facts.multiLotItem.code)
      await expect.poll(() => lines(page).count()).toBe(2)
      await page.getByTestId('booking-kept').waitFor()

      // The last keys go in with the company list already open and the switch follows at once: they stay with this company.
      await page.getByTestId('header-entity').click()
      const option = page.locator('[data-testid^="entity-option-"]').first()
      const second = await text(option)
      await input(page, 'booking-reference').fill('Empresa uno, tarde')
      await option.click()
      await expectText(page.getByTestId('header-entity'), second)
      await page.getByTestId('newBooking-view').waitFor()
      await page.getByTestId('booking-no-lines').waitFor()
      expect(await input(page, 'booking-reference').inputValue()).toBe('')
      expect(await page.getByTestId('booking-restored').count()).toBe(0)
      await screenshot(page, 'openBooking-other-entity')
      // A reload in the second company still finds nothing of the first.
      await page.reload()
      await openNewBooking(page).catch(() => page.getByTestId('newBooking-view').waitFor())
      await page.getByTestId('booking-no-lines').waitFor()
      expect(await input(page, 'booking-reference').inputValue()).toBe('')

      await page.getByTestId('header-entity').click()
      await page.locator('[data-testid^="entity-option-"]', { hasText: first }).click()
      await expectText(page.getByTestId('header-entity'), first)
      await expect.poll(() => lines(page).count()).toBe(2)
      expect(await codesOnScreen(page)).toEqual([facts.stockedItem.code, facts.multiLotItem.code])
      expect(await input(page, 'booking-reference').inputValue()).toBe('Empresa uno, tarde')
      await page.getByTestId('booking-restored').waitFor()

      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
  it(
    "restored on a later day, moves a planned delivery that has passed to the clerk's today, and says so",
    { timeout: 150_000 },
    async () => {
      const { page, problems, restartHost } = app()
      const { delivery, typedOn } = await keepOneLineForToday(page)
      const problemsBefore = unexpectedProblems(problems)

      // The app is started again three days later (the page's clock; midday in Guatemala and in UTC alike).
      await restartHost()
      const [y, m, d] = typedOn.split('-').map(Number) as [number, number, number]
      const later = new Date(Date.UTC(y, m - 1, d + 3, 18))
      const laterDay = later.toISOString().slice(0, 10)
      await page.clock.setFixedTime(later)
      await startTraining(page)
      await openNewBooking(page)
      await expectText(page.getByTestId('booking-restored'), /^Se recuperó la reserva sin guardar del /)
      // Not planned for a day gone by: today, and the note says which day it had.
      await expect.poll(() => delivery.inputValue()).toBe(laterDay)
      await expectText(page.getByTestId('booking-restored-moved'), /^Su entrega prevista \(.+\) ya pasó: se cambió a hoy, .+\.$/)
      expect(await codesOnScreen(page)).toEqual([facts.stockedItem.code])
      await page.setViewportSize({ width: 1024, height: 768 })
      await screenshot(page, 'openBooking-restored-moved-1024x768')

      // The moved day is what is kept: a reload finds it, with nothing left to move.
      await page.getByTestId('booking-kept').waitFor()
      await page.setViewportSize({ width: 1366, height: 768 })
      await page.reload()
      await openNewBooking(page)
      await page.getByTestId('booking-restored').waitFor()
      expect(await delivery.inputValue()).toBe(laterDay)
      expect(await page.getByTestId('booking-restored-moved').count()).toBe(0)
      expect(problemsBefore).toEqual([])
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
  it(
    "restored on a cold start the same evening, after UTC's midnight, keeps its day: the clerk's today is the profile's",
    { timeout: 150_000 },
    async () => {
      const { page, problems } = app()
      const { delivery, typedOn } = await keepOneLineForToday(page)

      // 8 p.m. in Guatemala (the demo profile's zone), the same day: 2 a.m. of the next in UTC. The app starts
      // again on New booking, which restores the form before the profile (and its zone) has been read.
      const [y, m, d] = typedOn.split('-').map(Number) as [number, number, number]
      await page.clock.setFixedTime(new Date(Date.UTC(y, m - 1, d + 1, 2)))
      await page.reload()
      await page.getByTestId('booking-restored').waitFor()
      // The profile is read after the first screen: the day stays once it is, with nothing said about moving it.
      await expectText(page.getByTestId('status-user'), 'Ana López')
      await page.waitForTimeout(300)
      expect(await delivery.inputValue()).toBe(typedOn)
      expect(await page.getByTestId('booking-restored-moved').count()).toBe(0)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
