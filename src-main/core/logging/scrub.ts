/**
 * What must never reach a log file: the service token, the GraphQL JWT and the
 * values of the headers that carry them. Scrubbing is by value (the live
 * secrets the session registers), by shape (JWTs, `X-User-Token: …`,
 * `Authorization: …`) and by key (a field named like a secret), so a secret
 * that slips into a message, an error or a nested object is still caught.
 */
export const REDACTED = '[redacted]'

/** Three base64url parts, the first a JSON header: every JWT starts with `eyJ`. */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
/** `X-User-Token: abc`, `"x-user-token":"abc"`, `Authorization: Bearer abc`, `token=abc`. */
const HEADER_VALUE = /((?:x-user-token|authorization|token|jwt)"?\s*[:=]\s*"?)(?:bearer\s+)?[^\s",;}&]+/gi
const SECRET_KEY = /^(x-user-token|authorization|token|jwt|password|secret|cookie|set-cookie)$/i

export class Scrubber {
  private readonly secrets = new Set<string>()

  /** Short values would blank ordinary words; real tokens are long. */
  add(secret: string | null | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret)
  }

  text(s: string): string {
    let out = s
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED)
    return out.replace(JWT, REDACTED).replace(HEADER_VALUE, `$1${REDACTED}`)
  }

  /** A deep copy safe to write: errors become plain objects without request headers or bodies. */
  value(v: unknown, depth = 0): unknown {
    if (typeof v === 'string') return this.text(v)
    if (v === null || typeof v !== 'object') return v
    if (depth > 6) return '[deep]'
    if (v instanceof Error) return this.value(errorFields(v), depth + 1)
    if (Array.isArray(v)) return v.map((x) => this.value(x, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) ? REDACTED : this.value(x, depth + 1)
    return out
  }
}

/**
 * What a support reader needs of an error: its kind, code and message, the
 * stack, and for an axios error the method, URL and status — never its
 * config.headers or request/response bodies, which carry the token.
 */
function errorFields(err: Error): Record<string, unknown> {
  const e = err as Error & {
    code?: unknown
    detail?: unknown
    status?: unknown
    config?: { method?: unknown; url?: unknown; baseURL?: unknown }
    response?: { status?: unknown }
    cause?: unknown
  }
  const fields: Record<string, unknown> = { type: err.name, message: err.message }
  if (e.code !== undefined) fields.code = e.code
  if (e.detail !== undefined) fields.detail = e.detail
  if (e.status !== undefined) fields.status = e.status
  if (e.config) fields.request = { method: e.config.method, url: e.config.url, baseURL: e.config.baseURL }
  if (e.response?.status !== undefined) fields.status = e.response.status
  if (err.stack) fields.stack = err.stack
  if (e.cause instanceof Error) fields.cause = errorFields(e.cause)
  return fields
}
