import { z } from 'zod'
import { bookingChanges, bookingInput, localBooking, outboxEntry } from '../bookings'
import { bookingPicture, deliverySignature, pictureStep } from '../bookingPictures'
import { STOCK_ITEMS_MAX, counterSetup, itemStock, scanResult, transferRequest } from '../counter'
import { connectionState } from '../domain'
import { openBooking, openBookingForm } from '../openBooking'
import { none, bookingRef, syncSummary, pushReport, entry } from './entry'
import { bookingsDelta, picturesKept } from './events'
import { decimalText, recordId } from '../patternSchemas'

const bookingChanged = z.object({ booking: localBooking, changes: bookingsDelta })

/** The counter: bookings, the outbox and the sync centre, the new-booking form (dispatch uses the same bookings). Assembled in src-shared/contract.ts. */
export const counterRequests = {
  /** Bookings are written locally and queued; these return at once, online or not. */
  'bookings.create': entry(
    bookingInput,
    z.object({
      booking: localBooking,
      /** Lines above the cached availability: allowed offline (the cache may be stale), the service decides. */
      warnings: z.array(
        z.object({ itemId: z.number().int(), lotId: z.number().int().optional(), requested: z.number(), available: z.number() }),
      ),
      /** What the save changed, so a store applies it without reading again. */
      changes: bookingsDelta,
    }),
  ),
  'bookings.update': entry(z.object({ id: bookingRef, changes: bookingChanges }), bookingChanged),
  'bookings.delete': entry(z.object({ id: bookingRef }), z.object({ deleted: z.literal(true), changes: bookingsDelta })),
  /** Queues a draft for the service. */
  'bookings.submit': entry(z.object({ id: bookingRef }), bookingChanged),
  'bookings.ship': entry(z.object({ id: bookingRef }), bookingChanged),
  /**
   * Delivered as counted: `delivered` names what arrived of each item and lot of a booking in transit
   * (every one of its lines; the service books what is short again), `note` the clerk's word on the
   * difference. Without them every line arrives as booked.
   */
  'bookings.deliver': entry(
    z.object({
      id: bookingRef,
      delivered: z
        .array(z.object({ itemId: recordId, lotId: recordId.nullable(), quantity: decimalText }))
        .max(500)
        .optional(),
      note: z.string().trim().max(500).nullable().optional(),
    }),
    bookingChanged,
  ),
  /** Voids (annuls) a booking on the service: it stays there, marked voided, and its stock is free again. */
  'bookings.void': entry(z.object({ id: bookingRef }), bookingChanged.omit({ booking: true })),
  /**
   * A picture of one step of a booking (issue 33), as base64 (already reduced by whoever took it: at most
   * 5 MB, PNG, JPEG, GIF or WebP by its bytes): kept on this computer with who took it and when, and sent
   * once the booking is on the service. `takenBy` names the clerk when not the signed-in user.
   */
  'bookings.attachPicture': entry(
    z.object({ id: bookingRef, step: pictureStep, base64: z.string().max(7_000_000), takenBy: z.string().trim().max(100).optional() }),
    bookingPicture,
  ),
  /** The pictures kept here (of one booking, or all), each with its state: waiting, sent, refused… */
  'bookings.pictures': entry(z.object({ id: bookingRef.optional() }), z.array(bookingPicture)),
  /** One kept picture's bytes, for its thumbnail (the CSP's img-src allows data:). */
  'bookings.pictureImage': entry(
    z.object({ seq: recordId }),
    z.object({ mime: z.string().regex(/^image\/(png|jpeg|gif|webp)$/), base64: z.string() }),
  ),
  /** Removes a refused picture from this computer; its booking is left as it is. Answers the list kept. */
  'bookings.dismissPicture': entry(z.object({ seq: recordId }), picturesKept),
  /**
   * The receiver's signature on a delivery, drawn with their name and the time beneath it (base64 image):
   * kept here, and attached as the delivery picture when the delivery has no photo. Never touches the delivery.
   */
  'bookings.signDelivery': entry(
    z.object({ id: bookingRef, receiver: z.string().trim().min(1).max(100), base64: z.string().max(7_000_000) }),
    z.object({ signature: deliverySignature, picture: bookingPicture.nullable() }),
  ),
  /** The delivery signatures kept here: who signed for each booking, and when. */
  'bookings.signatures': entry(none, z.array(deliverySignature)),
  /** One kept signature's image (by its booking's local id), for its thumbnail. */
  'bookings.signatureImage': entry(
    z.object({ id: z.string().min(1).max(100) }),
    z.object({ mime: z.string().regex(/^image\/(png|jpeg|gif|webp)$/), base64: z.string() }),
  ),
  'bookings.list': entry(none, z.array(localBooking)),
  'bookings.get': entry(z.object({ id: bookingRef }), localBooking),
  'outbox.list': entry(none, z.array(outboxEntry)),
  /** The outbox's commands answer with what they changed of the entry's booking. */
  'outbox.retry': entry(z.object({ seq: recordId }), bookingsDelta),
  'outbox.discard': entry(z.object({ seq: recordId }), bookingsDelta),
  'outbox.keepTheirs': entry(z.object({ seq: recordId }), bookingsDelta),
  /** A held create is the service's booking `serviceId`, one of its look-alikes: the clerk said so. */
  'outbox.claimCandidate': entry(z.object({ seq: recordId, serviceId: recordId }), bookingsDelta),
  /** The report, and the bookings the push settled. */
  /** The clerk's "sync now": `connection` is the line as this push found it (asked, when nothing was to be sent). */
  'sync.push': entry(none, pushReport.extend({ changes: bookingsDelta, connection: connectionState })),
  'sync.status': entry(none, syncSummary),
  /** The new-booking form's reference data, from the cache. */
  'counter.setup': entry(none, counterSetup),
  /** Reads the agency's open, in-transit and lately delivered bookings from the service into the cache. */
  'counter.refresh': entry(none, z.object({ setup: counterSetup, changes: bookingsDelta })),
  /** `kind` when the clerk picked a suggestion of that kind (an item and a bundle may share a code). */
  'counter.scan': entry(z.object({ code: z.string().max(200), kind: z.enum(['item', 'bundle']).optional() }), scanResult),
  /**
   * counter.scan's answers for the codes a clerk scans, most scanned first (the barcodes and codes of the items
   * with stock at the agency, of the static bundles, then of the other items), `limit` items or bundles at a time
   * from `offset`; `next` is where
   * the next page starts, null after the last. The window keeps them (stores/scanIndex.ts) so a code is a line in the first
   * frame after Enter; the core still works each answer out.
   */
  'counter.scanIndex': entry(
    z.object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }),
    z.object({ answers: z.array(scanResult), next: z.number().int().nullable() }),
  ),
  /**
   * Each item's stock by agency, in the order asked; a dispatch card's items are one request (and one read on demand).
   * `agencyIds`, the agencies the screen shows (a card's two ends), each come, with 0 where they hold none of an item.
   */
  'counter.stock': entry(
    z.object({ itemIds: z.array(recordId).min(1).max(STOCK_ITEMS_MAX), agencyIds: z.array(recordId).max(20).optional() }),
    z.array(itemStock),
  ),
  'counter.transferRequests': entry(none, z.array(transferRequest)),
  /** The current entity and the booking being typed there and not saved yet, kept in its cache (null when none, or when what was kept no longer reads). */
  'counter.openBooking': entry(none, z.object({ entityId: z.number().int(), open: openBooking.nullable() })),
  /** Keeps the form as typed; refused (conflict) when `entityId` is not the current entity, so a form never moves to another company. */
  'counter.keepOpenBooking': entry(
    z.object({ entityId: z.number().int().positive(), form: openBookingForm }),
    z.object({ savedAt: z.string() }),
  ),
  /** The form was saved as a booking or discarded. */
  'counter.dropOpenBooking': entry(z.object({ entityId: z.number().int().positive() }), z.object({ cleared: z.literal(true) })),
} as const
