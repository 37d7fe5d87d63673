import { describe, expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, focusIn, memberships, openNewBooking, signInTo, startTraining, unexpectedProblems } from './support/actions'
import { openDispatch, setServiceLatency } from './support/bookings'
import { useProxiedSandbox } from './support/proxiedSandbox'
import { scan } from './support/catalogue'
import { isGraphql } from '../support/interceptingProxy'
import { openReception } from './support/receptions'

// The first pull runs in a thread of its own, so the screens answer before the catalogue has arrived: a scan then
// says so, not that the code is unknown (issue 32).
describe('before the first catalogue arrives', () => {
  const app = useFreshApp()

  it('a scan at the counter says the catalogue has not arrived yet, not that the code is unknown', { timeout: 90_000 }, async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const service = await trainingService()
    // The other entity's cache is empty: its first pull is slow on this line.
    await setServiceLatency(service, 2000)
    try {
      const other = (await memberships(page)).find((m) => !m.current)!
      await page.getByTestId(`switch-entity-${other.entityId}`).click()
      // Its few requests wait on the slow line too.
      await expect.poll(async () => (await memberships(page)).find((m) => m.current)?.entityId, { timeout: 30_000 }).toBe(other.entityId)
      await openNewBooking(page)
      // An item the service has in that entity.
      const code = bookingFacts[other.entityId as 101 | 102].stockedItem.code
      await scan(page, code)
      // The status bar says why, on every screen, until the catalogue is there.
      await expectText(page.getByTestId('status-catalogue-arriving'), '⟳ Catálogo en camino')
      const notice = page.getByTestId('booking-unknown-code')
      await expectText(
        notice,
        `Código ${code}: el catálogo aún no ha llegado a esta computadora. Vuelva a escanearlo cuando termine de descargarse.`,
      )
      await screenshotAtBothWidths(page, 'catalogue-arriving-scan')
    } finally {
      await setServiceLatency(service, 0)
    }
    await expect.poll(() => page.getByTestId('status-catalogue-arriving').count(), { timeout: 60_000 }).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

// The same at the warehouse's two doors: a code that is no line's own, scanned while the first catalogue is still on
// its way, is said to be waiting for it (Dispatch: count by hand; Receptions: nothing counted), not to be unknown.
describe('before the first catalogue arrives, at dispatch and at reception', () => {
  const proxied = useProxiedSandbox()
  const app = useFreshApp()

  it(
    'a scanned barcode says the catalogue has not arrived yet, on a booking being shipped and on an order being received',
    { timeout: 90_000 },
    async () => {
      const { page, problems } = app()
      const { sandbox, proxy } = proxied()
      const facts = bookingFacts[101]
      // The first pull's page of items never comes back while this test looks (the answer's deadline is a minute).
      let heldPages = 0
      proxy.intercept = (req) =>
        isGraphql(req) ? { byBody: (body) => (body.includes('items(where: {id: {_gt: $after}}') ? (heldPages++, 'stall') : null) } : null
      try {
        await signInTo(page, proxy.url, sandbox.users[0]!)
        const barcode = '7401234567895'

        await page.getByTestId('station-later').click()
        await openDispatch(page)
        // The bar says why on this screen too, though no screen that reads the catalogue was opened.
        await expectText(page.getByTestId('status-catalogue-arriving'), '⟳ Catálogo en camino')
        // The open booking's slip opens it; a barcode that is none of its lines' codes is asked of the catalogue. Scanned
        // as a scanner types, into the box that has the focus.
        await expect.poll(() => focusIn(page, 'dispatch-scan')).toBe(true)
        await scan(page, String(facts.bookings.open))
        await expectText(page.getByTestId('dispatch-active'), new RegExp(`^${facts.bookings.open}`))
        await scan(page, barcode)
        await expectText(
          page.getByTestId('dispatch-scan-feedback'),
          `Código ${barcode}: el catálogo aún no ha llegado a esta computadora. Cuente a mano o vuelva a escanearlo cuando termine de descargarse.`,
        )
        await screenshotAtBothWidths(page, 'catalogue-arriving-dispatch')

        await openReception(page, 'PED-5480')
        await expect.poll(() => page.getByTestId('reception-line').count()).toBe(2)
        await expect.poll(() => focusIn(page, 'reception-scan')).toBe(true)
        await scan(page, barcode)
        await expectText(
          page.getByTestId('reception-scan-note'),
          `Código ${barcode}: el catálogo aún no ha llegado a esta computadora. No se contó nada; vuelva a escanearlo cuando termine de descargarse.`,
        )
        await expectText(page.getByTestId('reception-tally'), 'Contado 0 de 17 pendiente · 0 de 2 productos completos')
        await screenshotAtBothWidths(page, 'catalogue-arriving-reception')
        expect(heldPages).toBe(1)
      } finally {
        proxy.intercept = () => null
      }
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
