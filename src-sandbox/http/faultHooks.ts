import type { FastifyInstance, FastifyRequest } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FaultInjector } from '../faults'
import { sendError } from './errorReplies'

/**
 * Installs the fault injector on a scope of routes. A 5xx is answered before
 * the handler runs, so nothing is done; a drop lets the handler do and commit
 * its work and then resets the connection instead of sending the answer — the
 * case where the client cannot know whether its write arrived.
 */
export function installFaultHooks(scope: FastifyInstance, faults: FaultInjector): void {
  const toDrop = new WeakSet<FastifyRequest>()

  scope.addHook('onRequest', async (request, reply) => {
    const decision = faults.decide()
    if (decision.latencyMs > 0) await sleep(decision.latencyMs)
    if (decision.outcome === 'error') return sendError(reply, 503, 'Service unavailable (sandbox fault: injected 5xx; nothing was done)')
    if (decision.outcome === 'drop') toDrop.add(request)
  })

  scope.addHook('onSend', async (request, _reply, payload) => {
    if (toDrop.has(request)) {
      // A TCP reset rather than a clean close: the client sees ECONNRESET, as on a broken line.
      request.raw.socket.resetAndDestroy()
    }
    return payload
  })
}
