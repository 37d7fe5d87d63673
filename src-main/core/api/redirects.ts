import type { Method } from 'axios'
import { AppError } from '@shared/errors'

/** Redirects followed in a row before the answer is judged a loop. */
export const MAX_REDIRECTS = 5

const redirectStatuses = new Set([301, 302, 303, 307, 308])

/**
 * Where a redirect sends the request, or null when the answer is no redirect
 * (or names no place). A redirect to another origin is refused: the request
 * carries the user's token, which only the signed-in service may see.
 */
export function redirectTarget(answer: { status: number; location: string | undefined }, from: URL, what: string): URL | null {
  if (!redirectStatuses.has(answer.status) || !answer.location) return null
  let to: URL
  try {
    to = new URL(answer.location, from)
  } catch {
    throw new AppError('bad_response', { status: answer.status, detail: `${what}: a redirect to an address that cannot be read` })
  }
  if (to.origin !== from.origin) {
    throw new AppError('redirected_elsewhere', {
      status: answer.status,
      detail: `${what}: the service redirected to ${to.origin}${to.pathname}; not followed, so the token stays with ${from.origin}`,
    })
  }
  return to
}

/**
 * The method of the request sent to a redirect's place: 307 and 308 ask for
 * the same request there (the service did not act on it), the others for a
 * GET of the result (after a write, the record it made or changed).
 */
export function redirectedMethod(status: number, method: Method): { method: Method; sameBody: boolean } {
  if (status === 307 || status === 308) return { method, sameBody: true }
  return { method: String(method).toUpperCase() === 'HEAD' ? 'HEAD' : 'GET', sameBody: false }
}
