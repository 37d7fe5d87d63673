import { AppError, type ErrorPayload } from '@shared/errors'
import { errorPayload } from '@shared/errorSchemas'
import { bookingFieldNames, ourFieldName, ourFieldNames } from '../../api/serviceFieldNames'
import { parsedJson } from '../../cache/cacheDatabase'

/** A refusal as the outbox stores it (last_error): versions before these fields stored no detail, field or fields. */
const storedError = errorPayload.extend({
  detail: errorPayload.shape.detail.default(null),
  field: errorPayload.shape.field.default(null),
  fields: errorPayload.shape.fields.default({}),
})

/** How much of a refusal that does not read is kept for support, under the details. */
const KEPT_OF_UNREADABLE = 200

/**
 * A stored refusal, its fields named as ours name them now (older versions stored the service's names).
 * One that no longer reads (a newer version's code, a damaged disk) is shown as such: its entry is kept,
 * and the clerk may still retry or discard it.
 */
export function parseStoredError(raw: string | null): ErrorPayload | null {
  if (!raw) return null
  const parsed = storedError.safeParse(parsedJson(raw))
  if (!parsed.success) return new AppError('unreadable_stored_error', { detail: raw.slice(0, KEPT_OF_UNREADABLE) }).toPayload()
  const error = parsed.data
  return {
    ...error,
    fields: ourFieldNames(error.fields, bookingFieldNames),
    field: error.field && ourFieldName(error.field, bookingFieldNames),
  }
}
