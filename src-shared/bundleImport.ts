import { z } from 'zod'
import { errorPayload } from './errorSchemas'
import { int } from './patternSchemas'

/**
 * A bundle import checked before anything is sent: each row is a new bundle, an update of the bundle
 * with its code, or unchanged. Problems and changes travel as data, never as sentences, so each screen
 * says them in its user's language only.
 */

export const importProblem = z.object({
  field: z.enum(['code', 'name', 'description', 'ean13', 'tags', 'components']),
  /**
   * missing: empty; repeated: the code is on an earlier row (`row`); badEan13; badComponent: not
   * ITEM:QUANTITY; unknownItem; componentTwice; tooLong: more characters (`length`) than the service keeps (`max`).
   */
  kind: z.enum(['missing', 'repeated', 'badEan13', 'badComponent', 'unknownItem', 'componentTwice', 'tooLong']),
  /** What the file says: the code, the barcode, the component as written; a long text's first characters. */
  value: z.string(),
  row: int.optional(),
  length: int.optional(),
  max: int.optional(),
})
export type ImportProblem = z.infer<typeof importProblem>

/** One field of an existing bundle the file changes, as the catalogue shows it ('' for none). */
export const importFieldChange = z.object({
  field: z.enum(['name', 'description', 'ean13', 'tags']),
  before: z.string(),
  after: z.string(),
})
export type ImportFieldChange = z.infer<typeof importFieldChange>

/** One component of an existing bundle the file changes: added (before null), removed (after null) or requantified. */
export const importComponentChange = z.object({
  itemCode: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
})
export type ImportComponentChange = z.infer<typeof importComponentChange>

export const importRow = z.object({
  row: int,
  code: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  problems: z.array(importProblem),
  changes: z.array(importFieldChange),
  components: z.array(importComponentChange),
})
export type ImportRow = z.infer<typeof importRow>

export const importPreview = z.object({
  rows: z.array(importRow),
  creates: int,
  updates: int,
  unchanged: int,
  invalid: int,
})
export type ImportPreview = z.infer<typeof importPreview>

/**
 * What an import did. The new bundles go up as one file the service takes whole; each update is a
 * request of its own, so a failure half-way stops the rest: `stopped` names the bundle it stopped at,
 * why, and how many were not sent. The same file chosen again sends only what is still to change.
 */
export const importOutcome = z.object({
  created: int,
  updated: int,
  /** code: the bundle whose update stopped it; null: the file of new bundles. */
  stopped: z.object({ code: z.string().nullable(), error: errorPayload, notSent: int }).nullable(),
})
export type ImportOutcome = z.infer<typeof importOutcome>
