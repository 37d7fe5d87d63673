import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storeFileName } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { openSqlite } from '@base/sqlite'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'
import { refuseInApp, requestInApp } from './support/requests'

const facts = bookingFacts[101]
const minute = 60_000

/** The two figures of a card's stock line, "Tienda Zona 1: 75 · Bodega Central: 30": origin, then destination. */
function stockFigures(line: string): number[] {
  return [...line.matchAll(/:\s*([\d.,]+)/g)].map((m) => Number(m[1]!.replace(/\./g, '').replace(',', '.')))
}

// Issue 32, item 2: a routine pull reads the stock of the station's agencies, the rest on demand. A dispatch card's
// «Existencias» whose kept figures are older than a routine pull shows the service's figures of the moment.
describe("a dispatch card's stock", () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('is read from the service when the kept figures are older than a routine pull', { timeout: 120_000 }, async () => {
    const { page, dataDir, problems, trainingService } = app()
    const service = await trainingService()
    await startTraining(page)
    await openDispatch(page)
    const card = dispatchCard(page, facts.bookings.open)
    await card.getByTestId('card-stock').click()
    const stockLine = card.getByTestId('card-line-stock').first()
    await expect.poll(async () => stockFigures(await text(stockLine)).length).toBe(2)
    const [, destination] = stockFigures(await text(stockLine))

    // Another counter took 3 at the booking's destination since this station's last full pull, and 11 minutes went
    // by (the service's clock moved on: seen from here, the kept figures are that much older). The destination is
    // not one whose stock a routine pull reads (a booking of over a year ago): the pull that the clock's move starts
    // here, its snapshot now past 10 minutes, leaves its figure as it was.
    const booking = (await requestInApp(page, 'bookings.list')).find((b) => b.serviceId === facts.bookings.open)!
    const store = openSqlite(join(dataDir, 'training', storeFileName))
    try {
      const taken = store
        .prepare(
          `UPDATE lot_stocks SET available = available - 3 WHERE id = (SELECT s.id FROM lot_stocks s JOIN lots l ON l.id = s.lot_id
           WHERE l.item_id = ? AND s.agency_id = ? AND s.available >= 3 ORDER BY s.id LIMIT 1)`,
        )
        .run(booking.lines[0]!.itemId, booking.agencyToId)
      expect(taken.changes).toBe(1)
    } finally {
      store.close()
    }
    const moved = await fetch(`${service.url}/__sandbox/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: 11 * minute }),
    })
    expect(moved.status).toBe(200)
    await expect
      .poll(async () => {
        await requestInApp(page, 'profile.whoami')
        return (await requestInApp(page, 'connection.status')).clockOffsetMs ?? 0
      })
      .toBeGreaterThan(10 * minute)

    await card.getByTestId('card-stock').click()
    await card.getByTestId('card-stock').click()
    await expect.poll(async () => stockFigures(await text(stockLine))[1]).toBe(destination! - 3)
    // Read just now: no age beside the figures.
    expect(await text(stockLine)).not.toMatch(/leídas/)
    await screenshotAtBothWidths(page, 'dispatch-stock-on-demand')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('that could not be read says so, shows no figure, and is read again when asked', { timeout: 60_000 }, async () => {
    const { page, problems } = app()
    await startTraining(page)
    await openDispatch(page)
    const card = dispatchCard(page, facts.bookings.open)
    // The cache file damaged under the app: the core refuses the read (before this, every figure read 0).
    const letThrough = await refuseInApp(page, 'counter.stock', 'internal', 'SqliteError: database disk image is malformed')
    await card.getByTestId('card-stock').click()
    const notice = card.getByTestId('card-stock-error')
    // What failed first, then why, in the clerk's words.
    await expectText(notice, /^No se pudieron leer las existencias/)
    await expectText(notice.getByTestId('error-reason'), 'Error interno de la aplicación.')
    expect(await card.getByTestId('card-line-stock').count()).toBe(0)
    await screenshotAtBothWidths(page, 'dispatch-stock-refused', () => notice.scrollIntoViewIfNeeded())

    await letThrough()
    await notice.getByTestId('error-retry').click()
    await expect.poll(async () => stockFigures(await text(card.getByTestId('card-line-stock').first())).length).toBe(2)
    expect(await notice.count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
