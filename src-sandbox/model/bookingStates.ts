import { bookingText as b } from './bookingText'
import type { ShipmentRow } from './shipments'

/**
 * The spec's states and transitions: open booking → (ship) in transit →
 * (deliver) delivered; a booking without transport may be delivered
 * directly; only an open booking may be edited or deleted; voided and
 * returned bookings move no more. Returns the refusal (`{base: [...]}`), or
 * undefined when the action is allowed.
 */
export type BookingAction = 'edit' | 'delete' | 'ship' | 'deliver'

export function editRefusal(s: ShipmentRow, action: BookingAction): string | undefined {
  if (s.voided === 1) return b.voided
  if (s.returned === 1) return b.returned
  switch (action) {
    case 'edit':
      return s.shipped === 1 || s.delivered === 1 ? b.shippedNoEdit : undefined
    case 'delete':
      return s.shipped === 1 || s.delivered === 1 ? b.shippedNoDelete : undefined
    case 'ship':
      if (s.delivered === 1) return b.alreadyDelivered
      return s.shipped === 1 ? b.alreadyShipped : undefined
    case 'deliver':
      if (s.delivered === 1) return b.alreadyDelivered
      return s.shipped === 0 && s.needs_transport === 1 ? b.mustShipFirst : undefined
  }
}
