import { z } from 'zod'
import { connectionState, sessionStatus, whoAmI } from '../domain'
import { catalogueStatus, pullProgress } from '../catalogue'
import { updateStatus } from '../updates'
import { dataNotice } from '../support'
import { localBooking, outboxEntry } from '../bookings'
import { scannedItem } from '../counter'
import { bookingPicture } from '../bookingPictures'
import { syncSummary } from './entry'

/**
 * What a change of the counter's bookings did, as the screens hold them: the bookings that changed
 * (described, as bookings.list gives them), those gone from the list, every open outbox entry of the
 * bookings named (they replace what a screen holds for those bookings), and the outbox's new counts.
 * Commands return it and the core announces it (event bookings.changed), so a store applies it and
 * reads nothing again. `full`: the whole list, after a read from the service (replace, not merge).
 * Its `sync.version` tells which is later of two deltas that name the same booking.
 */
export const bookingsDelta = z.object({
  bookings: z.array(localBooking),
  removed: z.array(z.string()),
  entries: z.array(outboxEntry),
  sync: syncSummary,
  full: z.boolean(),
})
export type BookingsDelta = z.infer<typeof bookingsDelta>

/**
 * Every picture kept on this computer (issue 33) as it now stands, after one was attached, settled by a
 * push or dismissed: few and small without their bytes, so the whole list replaces what a screen holds.
 */
export const picturesKept = z.object({ pictures: z.array(bookingPicture) })
export type PicturesKept = z.infer<typeof picturesKept>

/**
 * Every event the core sends, with its schema: the contract's part the renderer checks at run time (the
 * core checks the answers, src-shared/dispatch.ts), apart from the requests so that the window builds
 * only these schemas. Assembled in src-shared/contract.ts.
 */
export const events = {
  'session.changed': sessionStatus,
  'connection.changed': connectionState,
  'entity.changed': whoAmI,
  'catalogue.progress': pullProgress,
  'catalogue.changed': catalogueStatus,
  /** The outbox's counts moved (every change, and as a push settles entries). */
  'sync.changed': syncSummary,
  /** Bookings changed here or were read again from the service: what changed, for the stores to apply. */
  'bookings.changed': bookingsDelta,
  /**
   * After bookings changed: their items as the counter now books them (availability net of unsent bookings, lots),
   * each as a scan's answer has it, so a window's kept answers take them instead of asking (src-shared/scanAnswerItems.ts).
   */
  /** A booking picture was attached, settled by a push or dismissed: the whole list kept here. */
  'pictures.changed': picturesKept,
  'counter.itemsMoved': z.object({ items: z.array(scannedItem) }),
  'updates.changed': updateStatus,
  /** A damaged cache file was set aside as it was opened: the clerk is told what came back (a banner). */
  'support.dataNotice': dataNotice,
} as const
