import { z } from 'zod'
import { bookingTicks, lineTicks } from '../dispatchTicks'
import { none, entry } from './entry'

/** The warehouse's dispatch screen: what is counted of each booking being picked. Assembled in src-shared/contract.ts. */
export const dispatchRequests = {
  /** The counts kept in the current entity's cache, of bookings still to ship (others are dropped as they are read). */
  'dispatch.ticks': entry(none, z.object({ entityId: z.number().int(), ticks: bookingTicks })),
  /**
   * The count of one booking, whole (it replaces what was kept); an empty count forgets the booking.
   * Named for the entity the screen read it in: refused in any other, so a switch of company never carries it over.
   */
  'dispatch.keepTicks': entry(
    z.object({ entityId: z.number().int().positive(), localId: z.string().min(1).max(64), ticks: lineTicks }),
    z.object({ savedAt: z.string() }),
  ),
} as const
