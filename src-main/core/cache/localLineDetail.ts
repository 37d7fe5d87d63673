import Decimal from 'decimal.js'
import type { BookingLine } from '@shared/bookings'

/**
 * What only this device knows of a booking's lines: the bundle a line was
 * expanded from and the serial number typed at the counter. The real service
 * shows neither (its movements carry `serial_id`, and bundles arrive as their
 * items), so a booking read back from the service keeps them only when it
 * still holds the very lines we sent.
 */

function sameLine(service: BookingLine, ours: BookingLine): boolean {
  return (
    service.itemId === ours.itemId &&
    new Decimal(service.bookedQuantity).equals(new Decimal(ours.bookedQuantity)) &&
    // Sent without a lot, the service picks one (the first by expiry).
    (ours.lotId === null || ours.lotId === service.lotId) &&
    (ours.reference ?? null) === (service.reference ?? null)
  )
}

/** Whether the service's lines are ours, in the same order. */
export function sameLines(service: readonly BookingLine[], ours: readonly BookingLine[]): boolean {
  return service.length === ours.length && service.every((line, i) => sameLine(line, ours[i]!))
}

/** The service's lines, with our bundle and serial number carried over when they are the lines we sent. */
export function withLocalDetail(service: BookingLine[], ours: readonly BookingLine[]): BookingLine[] {
  if (!sameLines(service, ours)) return service
  return service.map((line, i): BookingLine => ({ ...line, bundleId: ours[i]!.bundleId, serialNumber: ours[i]!.serialNumber }))
}
