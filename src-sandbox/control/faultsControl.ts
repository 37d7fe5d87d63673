import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SandboxContext } from '../context'
import { formatFaultSpec, parseFaultSpec, type FaultSettings } from '../faults'
import { sendError } from '../http/errorReplies'
import { parseBody } from './bodySchema'

const share = z.number().min(0).max(1)
const ms = z.number().int().min(0)
const faultsBody = z.union([
  z.object({ spec: z.string() }).strict(),
  z
    .object({
      latencyMinMs: ms.optional(),
      latencyMaxMs: ms.optional(),
      errorShare: share.optional(),
      dropShare: share.optional(),
      trickleEveryMs: ms.optional(),
      oversizeMb: z.number().int().min(0).optional(),
    })
    .strict(),
])

const view = (s: FaultSettings) => ({ ...s, spec: formatFaultSpec(s) })

/** GET/PUT /__sandbox/faults: `{spec}` replaces all faults; named fields change only themselves. */
export function faultsControl(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/faults', async () => view(ctx.faults.settings))
  app.put('/faults', async (request, reply) => {
    const body = parseBody(faultsBody, request.body ?? {}, reply)
    if (!body) return reply
    try {
      return view('spec' in body ? ctx.faults.replace(parseFaultSpec(body.spec)) : ctx.faults.update(body))
    } catch (err) {
      return sendError(reply, 400, (err as Error).message)
    }
  })
}
