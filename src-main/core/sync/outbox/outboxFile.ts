import { z } from 'zod'
import { outboxOp } from '@shared/bookings'
import { storedBookingRow } from '../../cache/storedBookingRow'
import { storedPayloads } from './bookingPayloads'

/**
 * The unsent work of one computer, carried to another in a file (`mostrador outbox export FILE` /
 * `import FILE`): a counter whose disk is failing hands its queue to the next one. It names the server,
 * account and company it belongs to, and each entry with its marker (how the service's copy is found
 * again), its stored payload and the booking it belongs to, as the cache kept it. Read back only
 * through this schema: the file comes from another computer, perhaps another version.
 */
export const OUTBOX_FILE_FORMAT = 'mostrador-outbox'
export const OUTBOX_FILE_VERSION = 1

const entry = z
  .object({
    marker: z.string().min(1).max(200),
    op: outboxOp,
    payload: z.record(z.string(), z.unknown()),
    createdAt: z.string().min(1),
    attempts: z.number().int().nonnegative(),
    /** Its state where it was exported (only for the reader: an import makes every entry 'unknown'). */
    state: z.string(),
    booking: storedBookingRow,
  })
  .superRefine((e, ctx) => {
    // A payload the pusher could not read would stop at send time: refused here, with its marker.
    if (storedPayloads[e.op]?.safeParse(e.payload).success === false)
      ctx.addIssue({ code: 'custom', path: ['payload'], message: `the ${e.op} of entry ${e.marker} does not read` })
  })

export const outboxFile = z.object({
  format: z.literal(OUTBOX_FILE_FORMAT),
  version: z.literal(OUTBOX_FILE_VERSION),
  exportedAt: z.string(),
  serverUrl: z.string().min(1),
  email: z.string().min(1),
  training: z.boolean(),
  entityId: z.number().int().positive(),
  entries: z.array(entry),
})
export type OutboxFile = z.infer<typeof outboxFile>
export type OutboxFileEntry = OutboxFile['entries'][number]
