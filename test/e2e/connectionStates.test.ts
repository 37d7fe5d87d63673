import { describe, expect, it } from 'vitest'
import type { TrainingService } from '@base/training'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { createBookingInApp } from './support/bookings'

const facts = bookingFacts[101]

/** Makes the training service answer every request 503 (share 1) or normally (0), through its control door. */
async function failEveryRequest(service: TrainingService, share: number): Promise<void> {
  const res = await fetch(`${service.url}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ errorShare: share }),
  })
  if (res.status !== 200) throw new Error(`set faults: ${res.status} ${await res.text()}`)
}

const booking = (reference: string) => ({
  agencyToId: facts.sameCategoryAgency,
  plannedDelivery: '2026-12-01',
  reference,
  lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
})

describe('the line to the service', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('tells a failing service from an unreachable one, counts what waits, and says when the backlog was sent', async () => {
    const { page, problems, trainingService, stopTrainingService } = app()
    const service = await trainingService()
    await startTraining(page)
    await expectText(page.getByTestId('status-connection'), 'En línea')
    expect(await page.getByTestId('connection-banner').count()).toBe(0)

    // The service answers 503 to everything: not "online", and not "offline" either.
    await failEveryRequest(service, 1)
    await createBookingInApp(page, booking('E2E failing 1'))
    await createBookingInApp(page, booking('E2E failing 2'))
    await expectText(page.getByTestId('status-connection'), 'El servicio falla')
    const banner = page.getByTestId('connection-banner')
    await expect.poll(() => banner.getAttribute('data-link')).toBe('failing')
    await expectText(banner, /El servicio falla desde \d{1,2}:\d{2}(\.|\s?[ap]\.\s?m\.).*2 reservas esperan en este equipo/)
    await expectText(page.getByTestId('connection-banner-last-contact'), /^Último contacto correcto: \d/)
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'connection-01-failing-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'connection-01-failing-1366')

    // The service recovers: one toast for the backlog, the banner goes. The banner's link is followed first: once the
    // service answers, the backlog may go by itself before a click, and the banner with it.
    await page.getByTestId('connection-banner-open-sync').click()
    await page.getByTestId('syncCentre-view').waitFor()
    await failEveryRequest(service, 0)
    await page.getByTestId('sync-now').click()
    await expectText(page.locator('.n-message', { hasText: 'enviadas al servicio' }), '2 reservas enviadas al servicio.')
    await expectText(page.getByTestId('status-connection'), 'En línea')
    await expect.poll(() => banner.count()).toBe(0)
    await screenshot(page, 'connection-02-sent')

    // Unreachable is another state, with its own words.
    await stopTrainingService()
    await createBookingInApp(page, booking('E2E offline'))
    await expect.poll(() => page.getByTestId('status-connection').getAttribute('data-link'), { timeout: 20_000 }).toBe('offline')
    await expectText(page.getByTestId('status-connection'), 'Sin conexión')
    await expectText(banner, /Sin conexión desde \d{1,2}:\d{2}(\.|\s?[ap]\.\s?m\.).*1 reserva espera en este equipo/)
    await screenshot(page, 'connection-03-offline')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
