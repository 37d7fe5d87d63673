import { z } from 'zod'
import { decimalPattern } from './patterns'

/**
 * What a warehouse worker has counted of a booking being picked: per grouped
 * line of its dispatch card (`item:lot`), the quantity verified so far, a
 * decimal string (2.5 kg counts as well as 3 boxes). Kept in the entity's cache
 * so a reload, a crash or a restart keeps the count; dropped once the booking
 * is shipped or leaves this computer's list. Here, not in the dispatch area: the
 * core keeps it and the contract reaches the preload (zod only).
 */
export const lineTicks = z.record(z.string().max(64), z.string().max(40).regex(decimalPattern, 'must be a quantity such as 2 or 2.5'))
export type LineTicks = z.infer<typeof lineTicks>

/** Every booking of the entity with something counted, by the booking's local id. */
export const bookingTicks = z.record(z.string().max(64), lineTicks)
export type BookingTicks = z.infer<typeof bookingTicks>
