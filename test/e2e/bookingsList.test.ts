import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { chooseDestination, chooseOption, expectText, focusIn, input, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows, scan } from './support/catalogue'
import { createBookingInApp, shipOnService } from './support/bookings'
import { requestInApp } from './support/requests'

// Issue 12: the bookings list finds a booking by what the clerk remembers of it, and a booking has
// one name everywhere (the local reference until the service numbers it, then "number · reference").

const facts = bookingFacts[101]

const rows = (page: Page) => page.getByTestId('booking-row')
const rowWith = (page: Page, reference: string) => page.locator('[data-testid="booking-row"]', { hasText: reference })

async function openBookings(page: Page): Promise<void> {
  await page.getByTestId('menu-bookings').click()
  await page.getByTestId('bookings-view').waitFor()
}

async function openSyncCentre(page: Page): Promise<void> {
  await page.getByTestId('menu-syncCentre').click()
  await page.getByTestId('syncCentre-view').waitFor()
}

/** Types into the list's search as a clerk would (the store filters on every keystroke). */
async function search(page: Page, query: string): Promise<void> {
  const box = page.getByTestId('bookings-search').locator('input')
  await box.fill('')
  await box.pressSequentially(query)
}

async function pickState(page: Page, label: string): Promise<void> {
  await chooseOption(page, page.getByTestId('bookings-filter-state'), label)
}

/** The references of the rows shown. */
async function shownReferences(page: Page): Promise<string[]> {
  return rows(page).getByTestId('booking-row-reference').allTextContents()
}

async function firstDestination(page: Page): Promise<number> {
  const setup = await requestInApp(page, 'counter.setup')
  const id = setup.destinations[0]?.id
  if (!id) throw new Error('no destination offered')
  return id
}

async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.n-dialog').getByRole('button', { name: 'Sí' }).click()
  await page.locator('.n-dialog').waitFor({ state: 'detached' })
}

const number = (row: Locator) => text(row.getByTestId('booking-number'))

describe('the bookings list', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it(
    'names a booking the same way in the save toast, the list and the sync centre, before and after the service numbers it',
    { timeout: 120_000 },
    async () => {
      const { page, problems, stopTrainingService, trainingService } = app()
      await startTraining(page)
      await openCatalogueWithRows(page)
      await page.getByTestId('menu-newBooking').click()
      await page.getByTestId('newBooking-view').waitFor()
      await expect.poll(() => page.getByTestId('booking-scan').locator('input').isEnabled()).toBe(true)

      // Saved while the service is down: it waits, known only by its local reference.
      await stopTrainingService()
      await chooseDestination(page)
      await page.keyboard.press('F2')
      await scan(page, facts.stockedItem.code)
      await expect.poll(() => page.getByTestId('booking-line').count()).toBe(1)
      await input(page, 'booking-reference').fill('E2E identidad')
      await page.keyboard.press('Control+Enter')
      const toast = page.locator('.n-message', { hasText: 'pendiente de enviar' })
      await toast.waitFor()
      const local = /Reserva ([0-9A-F]{8}) guardada/.exec(await text(toast))?.[1]
      expect(local).toMatch(/^[0-9A-F]{8}$/)

      await openBookings(page)
      const row = rowWith(page, 'E2E identidad')
      await expectText(row.getByTestId('sync-state'), 'Pendiente')
      expect(await number(row)).toBe(local)
      await openSyncCentre(page)
      const waiting = page.getByTestId('sync-waiting').locator('[data-entry]')
      await expect.poll(() => waiting.count()).toBe(1)
      expect(await text(waiting.getByTestId('entry-number'))).toBe(local)

      // The service numbers it: the number leads, the same local reference stays beside it.
      await trainingService()
      await openBookings(page)
      await page.getByTestId('bookings-refresh').click()
      await expect.poll(() => text(row.getByTestId('sync-state')), { timeout: 45_000 }).toBe('Sincronizada')
      const label = await number(row)
      expect(label).toMatch(new RegExp(`^\\d+ · ${local}$`))
      expect(label.split(' ')[0]).toBe(await row.getAttribute('data-service-id'))

      // Shipped while the service is down again: the toast and the sync centre use that same label.
      await stopTrainingService()
      await row.getByTestId('booking-ship').click()
      await confirmDialog(page)
      await page.locator('.n-message', { hasText: `Salida de la reserva ${label} registrada` }).waitFor()
      await expectText(row.getByTestId('booking-progress'), 'Despachada')
      await openSyncCentre(page)
      await expect.poll(() => waiting.count()).toBe(1)
      expect(await text(waiting.getByTestId('entry-number'))).toBe(label)

      // Another counter ships it first; when ours is refused, the toast names it by that label too.
      const service = await trainingService()
      await shipOnService(service, Number(label.split(' ')[0]))
      await page.locator('.n-message', { hasText: `El servicio rechazó la reserva ${label}.` }).waitFor({ timeout: 45_000 })
      await expectText(page.getByTestId('sync-failed').locator('[data-entry]').getByTestId('entry-number'), label)
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )

  it(
    'finds bookings by reference, item and number, filters them by state, and keeps shipped ones as history',
    { timeout: 120_000 },
    async () => {
      const { page, problems, stopTrainingService } = app()
      await startTraining(page)
      await openBookings(page)
      await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0)
      // The seed's bookings were made elsewhere (on the service): each is named by its number alone, not
      // beside a local reference this computer gave it and nobody ever saw.
      const seeded = rows(page).first()
      expect(await number(seeded)).toMatch(/^\d+$/)
      expect(await number(seeded)).toBe(await seeded.getAttribute('data-service-id'))
      const destination = await firstDestination(page)
      const planned = new Date().toISOString().slice(0, 10)
      await createBookingInApp(page, {
        agencyToId: destination,
        plannedDelivery: planned,
        reference: 'E2E lista café',
        lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
      })
      await createBookingInApp(page, {
        agencyToId: destination,
        plannedDelivery: planned,
        reference: 'E2E lista lotes',
        lines: [{ itemId: facts.multiLotItem.id, bookedQuantity: '1' }],
      })
      const cafe = rowWith(page, 'E2E lista café')
      const lots = rowWith(page, 'E2E lista lotes')
      await expect.poll(() => text(cafe.getByTestId('sync-state')), { timeout: 45_000 }).toBe('Sincronizada')
      await expect.poll(() => text(lots.getByTestId('sync-state')), { timeout: 45_000 }).toBe('Sincronizada')
      const all = await rows(page).count()

      // `/` from anywhere on the screen goes to the search; a reference is found without its accent.
      await page.getByTestId('screen-title').click()
      await page.keyboard.press('/')
      await expect.poll(() => focusIn(page, 'bookings-search')).toBe(true)
      await page.keyboard.type('lista cafe')
      await expect.poll(() => shownReferences(page)).toEqual(['E2E lista café'])
      await expectText(page.getByTestId('bookings-count'), new RegExp(`^1 de \\d+$`))

      // By an item of its lines: the code.
      await search(page, facts.multiLotItem.code)
      await expect.poll(async () => (await shownReferences(page)).includes('E2E lista lotes')).toBe(true)
      expect(await shownReferences(page)).not.toContain('E2E lista café')

      // By the service's number, and Ctrl+F also goes to the search.
      const serviceId = (await number(lots)).split(' ')[0]!
      await page.getByTestId('screen-title').click()
      await page.keyboard.press('Control+f')
      await page.keyboard.press('Control+a')
      await page.keyboard.type(serviceId)
      await expect.poll(() => shownReferences(page)).toEqual(['E2E lista lotes'])

      // Nothing matches: said so, not an empty table.
      await search(page, 'no existe tal reserva')
      await expectText(page.getByTestId('bookings-empty'), 'Ninguna reserva coincide')
      await page.getByTestId('bookings-clear-filters').click()
      await expect.poll(() => rows(page).count()).toBe(all)

      // One shipped: it stays in the list as history (without the open booking's actions), and the state filter tells them apart.
      await stopTrainingService()
      await lots.getByTestId('booking-ship').click()
      await confirmDialog(page)
      await expectText(lots.getByTestId('booking-progress'), 'Despachada')
      expect(await lots.getByTestId('booking-edit').count()).toBe(0)
      await lots.getByTestId('booking-print').waitFor()

      await pickState(page, 'Despachada')
      await expect.poll(async () => (await shownReferences(page)).includes('E2E lista lotes')).toBe(true)
      expect(await shownReferences(page)).not.toContain('E2E lista café')
      for (const progress of await rows(page).getByTestId('booking-progress').allTextContents()) expect(progress).toBe('Despachada')
      expect(await rows(page).getByTestId('booking-progress').count()).toBe(await rows(page).count())

      await pickState(page, 'Pendiente')
      await expect.poll(() => shownReferences(page)).toEqual(['E2E lista lotes'])
      await pickState(page, 'Sincronizada')
      await expect.poll(async () => (await shownReferences(page)).includes('E2E lista café')).toBe(true)
      expect(await shownReferences(page)).not.toContain('E2E lista lotes')
      await page.getByTestId('bookings-clear-filters').click()

      // The list with a search, at the two counter widths.
      await search(page, 'E2E lista')
      await expect.poll(() => rows(page).count()).toBe(2)
      // The side menu collapses (or opens) with a transition: the picture is of where it ends.
      await screenshotAtBothWidths(page, 'bookings-list-search', async () => {
        await page.waitForTimeout(600)
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      })
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
