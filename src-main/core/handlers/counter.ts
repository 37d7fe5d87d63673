import type { counterRequests } from '@shared/contract/counter'
import type { AreaHandlers, CoreParts } from './parts'

/** The counter: bookings, the outbox, sync, the new-booking form. Assembled in core/createCore.ts. */
export function counterHandlers({
  bookings,
  bookingPictures,
  counter,
  openBooking,
  connection,
}: CoreParts): AreaHandlers<typeof counterRequests> {
  return {
    'bookings.create': async (input) => bookings.create(input),
    'bookings.update': async ({ id, changes }) => bookings.update(id, changes),
    'bookings.delete': async ({ id }) => bookings.delete(id),
    'bookings.submit': async ({ id }) => bookings.submit(id),
    'bookings.ship': async ({ id }) => bookings.ship(id),
    'bookings.deliver': async ({ id, delivered, note }) => bookings.deliver(id, { delivered, note }),
    'bookings.void': async ({ id }) => bookings.void(id),
    'bookings.attachPicture': async (input) => bookingPictures.attach(input),
    'bookings.pictures': async ({ id }) => bookingPictures.list(id),
    'bookings.pictureImage': async ({ seq }) => bookingPictures.image(seq),
    'bookings.dismissPicture': async ({ seq }) => bookingPictures.dismiss(seq),
    'bookings.signDelivery': async (input) => bookingPictures.sign(input),
    'bookings.signatures': async () => bookingPictures.signatures(),
    'bookings.signatureImage': async ({ id }) => bookingPictures.signatureImage(id),
    'bookings.list': async () => bookings.list(),
    'bookings.get': async ({ id }) => bookings.get(id),
    'outbox.list': async () => bookings.outbox(),
    'outbox.retry': async ({ seq }) => bookings.retry(seq),
    'outbox.discard': async ({ seq }) => bookings.discard(seq),
    'outbox.keepTheirs': ({ seq }) => bookings.keepTheirs(seq),
    'outbox.claimCandidate': ({ seq, serviceId }) => bookings.claimCandidate(seq, serviceId),
    'sync.push': async () => {
      const heard = connection.heard()
      const report = await bookings.push({ ignoreBackoff: true, waitForOtherPusher: true })
      // A push with nothing to send asks the service nothing: the clerk's "sync now" still asks it, so the
      // screen never says all is sent on the word of a line it did not try.
      return { ...report, connection: connection.heard() === heard ? await connection.check() : connection.status() }
    },
    'sync.status': async () => bookings.summary(),
    'counter.setup': async () => counter.setup(),
    // The service's read replaces the list: announced (and answered) whole, once.
    'counter.refresh': async () => ({ setup: await counter.refresh(), changes: bookings.announceAll() }),
    'counter.scan': async ({ code, kind }) => counter.scan(code, kind),
    'counter.scanIndex': async ({ offset, limit }) => counter.scanIndex(offset, limit),
    'counter.stock': async ({ itemIds, agencyIds }) => counter.stock(itemIds, agencyIds),
    'counter.transferRequests': () => counter.transferRequests(),
    'counter.openBooking': async () => openBooking.read(),
    'counter.keepOpenBooking': async ({ entityId, form }) => openBooking.save(entityId, form),
    'counter.dropOpenBooking': async ({ entityId }) => openBooking.clear(entityId),
  }
}
