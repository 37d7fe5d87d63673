import type { IncomingHttpHeaders } from 'node:http'
import { hostTokenHeader } from '@shared/contract/transport'

/** Why a call to the host's requests or events was refused, or null when its own page made it. */
export type Refusal = { status: 403 | 415; reason: string } | null

/**
 * The host's requests and its event stream answer only its own page. A cookie is not proof of that: a
 * browser sends it with a request from any page on 127.0.0.1, whatever the port (SameSite does not tell
 * ports apart), and a plain form or a text/plain fetch reaches the host without asking first. So a call
 * must also:
 * - come from the page's origin: its Origin names this host, or, when the browser sends none (a
 *   same-origin GET), its Sec-Fetch-Site says same-origin;
 * - carry the per-run token in a header, which only a script that read the page can set, and which makes
 *   any cross-origin fetch ask the host first (a preflight the host never grants);
 * - when it has a body, be JSON: no form or text/plain "simple request" can send that type.
 * `hasBody` is false for the event stream, a GET.
 */
export function refuseUnlessOwnPage(headers: IncomingHttpHeaders, hasBody: boolean, sameSecret: (given: string) => boolean): Refusal {
  const ownOrigin = `http://${headers.host ?? ''}`
  const origin = headers.origin
  const site = headers['sec-fetch-site']
  if (origin !== undefined && origin !== ownOrigin) return { status: 403, reason: 'foreign origin' }
  if (site !== undefined && site !== 'same-origin') return { status: 403, reason: 'not same-origin' }
  if (origin === undefined && site === undefined) return { status: 403, reason: 'origin unknown' }
  const token = headers[hostTokenHeader]
  if (typeof token !== 'string' || !sameSecret(token)) return { status: 403, reason: 'token header missing' }
  if (hasBody && !isJson(headers['content-type'])) return { status: 415, reason: 'not JSON' }
  return null
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}
