import type { BookingOrigin } from './bookings'

/**
 * One name for a booking wherever the clerk meets it (toast, list, sync centre,
 * slip). Before the service confirms it, a booking has only its local id, shown
 * as a short reference; once the service numbers it, the number leads and the
 * local reference stays beside it, so the "D1BAB923" of the save toast is still
 * recognisable in the "61109 · D1BAB923" of the list.
 *
 * A booking made elsewhere (another computer, the service's web pages) reaches
 * this cache already numbered; the local id it gets here was never shown to
 * anyone, so it is named by its number alone.
 */

/** What names a booking: its local id always, the service's number once confirmed, and where it was made (bookings and outbox entries carry these). */
export interface BookingIds {
  localId: string
  serviceId: number | null
  origin: BookingOrigin
}

/** The short local reference: the first eight characters of the local id, upper case (a UUID's first group). */
export function localReference(localId: string): string {
  return localId.slice(0, 8).toUpperCase()
}

/** What a barcode or a carrier's manifest carries: the service's number once known, else the local reference (one token, no spaces). */
export function bookingCode(b: BookingIds): string {
  return b.serviceId !== null ? String(b.serviceId) : localReference(b.localId)
}

/** The label a person reads: "D1BAB923" until the number arrives, then "61109 · D1BAB923"; "61109" alone for a booking made elsewhere. */
export function bookingLabel(b: BookingIds): string {
  if (b.serviceId === null) return localReference(b.localId)
  return b.origin === 'here' ? `${b.serviceId} · ${localReference(b.localId)}` : String(b.serviceId)
}
