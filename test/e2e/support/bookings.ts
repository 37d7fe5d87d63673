import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { TrainingService } from '@base/training'
import type { RequestInput } from '@shared/contract'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { requestInApp } from './requests'

/** The service's own view of a booking, read beside the app (what a second counter would see). */
export interface ServiceBookingState {
  shipped: boolean
  delivered: boolean
}

async function serviceCall(service: TrainingService, method: 'GET' | 'DELETE', path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'X-User-Email': service.email, 'X-User-Token': service.token, Accept: 'application/json' },
  })
  const raw = await res.text()
  return { status: res.status, body: raw === '' ? null : (JSON.parse(raw) as unknown) }
}

const serviceGet = (service: TrainingService, path: string) => serviceCall(service, 'GET', path)

/** Deletes a booking on the service directly, as another terminal would. */
export async function deleteOnService(service: TrainingService, id: number): Promise<void> {
  const { status } = await serviceCall(service, 'DELETE', `/pos/bookings/${id}.json`)
  if (status !== 204) throw new Error(`delete booking ${id} on the service: ${status}`)
}

/** Whether the service still has the booking. */
export async function serviceHas(service: TrainingService, id: number): Promise<boolean> {
  const { status } = await serviceGet(service, `/pos/bookings/${id}.json`)
  return status === 200
}

export async function serviceBooking(service: TrainingService, id: number): Promise<ServiceBookingState> {
  const { status, body } = await serviceGet(service, `/pos/bookings/${id}.json`)
  if (status !== 200) throw new Error(`GET booking ${id}: ${status}`)
  const b = body as { shipped: boolean; delivered: boolean }
  return { shipped: b.shipped, delivered: b.delivered }
}

/** Ships a booking on the service directly, as another terminal would. */
export async function shipOnService(service: TrainingService, id: number): Promise<void> {
  const { status } = await serviceGet(service, `/pos/bookings/${id}/ship.json`)
  if (status !== 200) throw new Error(`ship booking ${id} on the service: ${status}`)
}

export function dispatchCard(page: Page, serviceId: number): Locator {
  return page.getByTestId(`dispatch-card-${serviceId}`)
}

/** Opens the dispatch screen and waits for its first read of the service. */
export async function openDispatch(page: Page): Promise<void> {
  await page.getByTestId('menu-dispatch').click()
  await page.getByTestId('dispatch-view').waitFor()
  await expect
    .poll(async () => (await page.getByTestId('dispatch-read-at').textContent()) ?? '', { timeout: 30_000 })
    .toMatch(/^Leído del servicio/)
}

/** Replaces window.print: records what the print container held when printing was asked for. */
export async function recordPrinting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: string[] }
    w.printed = []
    window.print = () => {
      w.printed.push(document.querySelector('[data-testid="print-root"]')?.textContent ?? '')
    }
  })
}

export async function printed(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { printed: string[] }).printed.map((s) => s.replace(/\s+/g, ' ').trim()))
}

/** Slows every answer of the training service (its control door; loopback, no Origin). */
export async function setServiceLatency(service: TrainingService, ms: number): Promise<void> {
  const res = await fetch(`${service.url}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ latencyMinMs: ms, latencyMaxMs: ms }),
  })
  if (res.status !== 200) throw new Error(`set latency: ${res.status} ${await res.text()}`)
}

/**
 * Creates a booking through the app's own contract, from inside the page (the
 * host's cookie), standing in for the new-booking form where a test is about
 * what happens after the booking is saved. Returns its local id.
 */
export async function createBookingInApp(page: Page, input: RequestInput<'bookings.create'>): Promise<string> {
  return (await requestInApp(page, 'bookings.create', input)).booking.localId
}

/** A line as the service takes it in a booking (its own names). */
export type ServiceLine = { item_id: number; booked_quantity: string; lot_id: number }

/** Books on the service directly, as another counter would (to the seed's agency of the same category); answers the service's number. */
export async function bookOnService(
  service: TrainingService,
  plannedDelivery: string,
  lines: ServiceLine[],
  needsTransport = true,
): Promise<number> {
  const res = await fetch(`${service.url}/pos/bookings.json`, {
    method: 'POST',
    headers: {
      'X-User-Email': service.email,
      'X-User-Token': service.token,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      shipment: {
        agency_to_id: bookingFacts[101].sameCategoryAgency,
        planned_delivery: plannedDelivery,
        needs_transport: needsTransport,
        movements_attributes: Object.fromEntries(lines.map((l, i) => [String(i), l])),
      },
    }),
  })
  const body = (await res.json()) as { id?: number }
  if (res.status !== 201 && res.status !== 200) throw new Error(`book on the service: ${res.status} ${JSON.stringify(body)}`)
  return body.id as number
}
