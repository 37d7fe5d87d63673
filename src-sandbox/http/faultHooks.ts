import type { FastifyInstance, FastifyRequest } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FaultDecision, FaultInjector } from '../faults'
import { sendError } from './errorReplies'
import { oversized, trickled, type AnswerPayload } from './shapedAnswers'

/**
 * Installs the fault injector on a scope of routes. A 5xx is answered before
 * the handler runs, so nothing is done; a drop lets the handler do and commit
 * its work and then resets the connection instead of sending the answer — the
 * case where the client cannot know whether its write arrived. A trickle or an
 * oversized answer is likewise shaped after the work is done. Returns whether
 * a request's answer is so shaped (such an answer goes out uncompressed).
 */
export function installFaultHooks(scope: FastifyInstance, faults: FaultInjector): (request: FastifyRequest) => boolean {
  const toDrop = new WeakSet<FastifyRequest>()
  const toShape = new WeakMap<FastifyRequest, Pick<FaultDecision, 'trickleEveryMs' | 'oversizeMb'>>()

  scope.addHook('onRequest', async (request, reply) => {
    const decision = faults.decide()
    if (decision.trickleEveryMs > 0 || decision.oversizeMb > 0) toShape.set(request, decision)
    if (decision.latencyMs > 0) await sleep(decision.latencyMs)
    if (decision.outcome === 'error') return sendError(reply, 503, 'Service unavailable (sandbox fault: injected 5xx; nothing was done)')
    if (decision.outcome === 'drop') toDrop.add(request)
  })

  scope.addHook('onSend', async (request, reply, payload) => {
    if (toDrop.has(request)) {
      // A TCP reset rather than a clean close: the client sees ECONNRESET, as on a broken line.
      request.raw.socket.resetAndDestroy()
      return payload
    }
    const shape = toShape.get(request)
    if (!shape || payload === null || payload === undefined || request.method === 'HEAD' || reply.statusCode === 204) return payload
    // Sent as it is made, without a length: the client can only count what arrives.
    reply.removeHeader('content-length')
    let body = payload as AnswerPayload
    if (shape.oversizeMb > 0) body = oversized(body, shape.oversizeMb)
    if (shape.trickleEveryMs > 0) body = trickled(body, shape.trickleEveryMs)
    return body
  })
  return (request) => toShape.has(request)
}
