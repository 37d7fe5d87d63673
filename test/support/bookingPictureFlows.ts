import type { CoreHarness } from './coreHarness'
import { bookableItem } from './bookableItem'

/** A picture's upload as the proxy sees it: a multipart PATCH of one booking (real-service-notes §11). */
export const isPictureUpload = (req: { method?: string; url?: string; headers: Record<string, unknown> }) =>
  req.method === 'PATCH' &&
  /^\/pos\/bookings\/\d+\.json/.test(req.url ?? '') &&
  String(req.headers['content-type']).startsWith('multipart/')

/** A one-line booking saved through the core, for a picture to belong to. */
export async function newBooking(h: CoreHarness, reference: string) {
  const { item, destination } = await bookableItem(h)
  const { booking } = await h.call('bookings.create', {
    agencyToId: destination,
    plannedDelivery: '2026-12-01',
    reference,
    lines: [{ itemId: item, bookedQuantity: '1' }],
  })
  return booking
}
