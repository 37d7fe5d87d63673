import { AppError, type ErrorCode } from '@shared/errors'
import { ourFieldNames, type FieldNames } from './serviceFieldNames'

/**
 * Turns a service answer that is not a success into one AppError. HTTP status
 * codes of failures are not promised by the service, so the body counts too:
 * `{field: [messages]}` is a validation failure whatever the status, and
 * `{error: message}` keeps its message. Fields are named as ours
 * (serviceFieldNames.ts), by `names` where the area calls them otherwise.
 */
export function errorFromResponse(status: number, body: unknown, names?: FieldNames): AppError {
  const given = validationFields(body)
  const fields = given && ourFieldNames(given, names)
  // A body that is not JSON is a front server's page, not the service's words: its status says what happened.
  const notJson = typeof body === 'string' && body.trim() !== ''
  const message = notJson ? `HTTP ${status}, ${notJsonDetail(body)}` : errorMessage(body)
  if (status >= 500) return new AppError('server', { status, detail: message })
  if (status === 401) return new AppError('unauthorized', { status, detail: message })
  if (status === 403) return new AppError('forbidden', { status, detail: message })
  if (fields) return new AppError('validation', { status, fields, detail: Object.values(fields)[0]?.[0] ?? null })
  const byStatus: Record<number, ErrorCode> = notJson
    ? { 404: 'not_found', 409: 'conflict' }
    : { 404: 'not_found', 409: 'conflict', 400: 'validation', 422: 'validation' }
  return new AppError(byStatus[status] ?? 'bad_response', { status, detail: message })
}

export function errorMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const err = (body as Record<string, unknown>).error
    if (typeof err === 'string') return short(err)
    if (err && typeof err === 'object' && typeof (err as Record<string, unknown>).message === 'string') {
      return short((err as { message: string }).message)
    }
  }
  if (typeof body === 'string' && body.trim()) return notJsonDetail(body)
  return null
}

/** The longest excerpt of a page kept in an error: what a clerk may be shown, and all a support person needs. */
const excerptChars = 60
/** The service's own `{error}` words are kept whole unless they run on like a page. */
const messageChars = 300

function short(text: string, max = messageChars): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * A few words from an answer that is not JSON (a front server's HTML error
 * page, a captive portal): its title or its first words without markup, never
 * the page itself, which would be stored with an outbox entry and shown as it is.
 */
export function notJsonDetail(text: string): string {
  const head = text.slice(0, 4096)
  const html = /<(html|!doctype|head|body|h1|title|center|div|p)\b/i.test(head)
  const title = /<title[^>]*>([^<]*)</i.exec(head)?.[1] ?? /<h1[^>]*>([^<]*)</i.exec(head)?.[1]
  const words = (title ?? head.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>?/g, ' '))
    .replace(/&[a-z0-9#]+;/gi, ' ')
    .replace(/[<>]/g, ' ')
  const excerpt = short(words, excerptChars)
  const what = html ? 'an HTML page' : 'an answer that is not JSON'
  return excerpt ? `${what}: "${excerpt}"` : what
}

/** `{field: [messages]}` (messages may come as one string); null when the body is not that shape. */
export function validationFields(body: unknown): Record<string, string[]> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const entries = Object.entries(body as Record<string, unknown>)
  if (entries.length === 0 || (entries.length === 1 && entries[0]?.[0] === 'error')) return null
  const fields: Record<string, string[]> = {}
  for (const [key, value] of entries) {
    if (Array.isArray(value) && value.every((m) => typeof m === 'string')) fields[key] = value
    else if (typeof value === 'string' && key !== 'error') fields[key] = [value]
    else return null
  }
  return fields
}

const neverLeft = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRNOTAVAIL'])
const timedOut = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT'])

/**
 * A transport failure with no answer. `network` means the request surely never
 * reached the service; a reset or hang-up after sending is `unknown_outcome`:
 * the write may have happened, so nobody may resend it blindly.
 */
export function errorFromTransport(err: { code?: string; message?: string }): AppError {
  const code = err.code ?? ''
  const detail = err.message ?? code
  if (neverLeft.has(code)) return new AppError('network', { detail, cause: err })
  if (timedOut.has(code) || /timeout/i.test(detail)) return new AppError('timeout', { detail, cause: err })
  return new AppError('unknown_outcome', { detail, cause: err })
}

/**
 * What one exchange says about the line to the service: an HTTP status
 * below 500 is an answer; a 5xx, a timeout or a cut connection mean the
 * service is reached but failing; a request that never left means offline.
 */
export function contactOutcome(result: number | AppError): 'answered' | 'failing' | 'unreachable' {
  if (typeof result === 'number') return result >= 500 ? 'failing' : 'answered'
  return result.code === 'network' ? 'unreachable' : 'failing'
}

/** Failures after which a write may have been done on the service: only a read can tell. */
export function mayHaveBeenDone(err: unknown): boolean {
  return (
    err instanceof AppError &&
    (err.code === 'unknown_outcome' ||
      err.code === 'timeout' ||
      err.code === 'server' ||
      err.code === 'too_large' ||
      // A redirect answers a request the service has read: after a write it usually means done.
      err.code === 'redirected_elsewhere')
  )
}
