import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../http/errorReplies'
import { isLoopbackAddress, isLoopbackHost } from '../http/loopback'

export type GuardVerdict = { allowed: true } | { allowed: false; reason: string }

/**
 * Who may use the control door: a process on this machine (loopback peer),
 * addressing it by a loopback name (no DNS rebinding), and not a web page (a
 * browser always sends Origin on the requests that could change anything).
 */
export function controlDoorVerdict(remoteAddress: string | undefined, host: string | undefined, origin: string | undefined): GuardVerdict {
  if (!isLoopbackAddress(remoteAddress)) {
    return {
      allowed: false,
      reason: `The sandbox control door answers only on loopback (127.0.0.1, ::1); this request came from ${remoteAddress ?? 'an unknown address'}.`,
    }
  }
  if (!isLoopbackHost(host)) {
    return { allowed: false, reason: 'The sandbox control door must be addressed as localhost, 127.0.0.1 or [::1] (Host header).' }
  }
  if (origin !== undefined)
    return { allowed: false, reason: 'The sandbox control door does not answer web pages (the request carries an Origin header).' }
  return { allowed: true }
}

export async function controlDoorGuard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const origin = request.headers.origin
  const verdict = controlDoorVerdict(request.raw.socket.remoteAddress, request.headers.host, Array.isArray(origin) ? origin[0] : origin)
  if (!verdict.allowed) return sendError(reply, 403, verdict.reason)
  return undefined
}
