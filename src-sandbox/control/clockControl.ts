import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SandboxContext } from '../context'
import { parseBody } from './bodySchema'

const clockBody = z.object({ offsetMs: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer') }).strict()

/** GET/PUT /__sandbox/clock: `{offsetMs}` moves the sandbox's clock (JWT issue and expiry, timestamps). */
export function clockControl(app: FastifyInstance, ctx: SandboxContext): void {
  const view = () => ({ offsetMs: ctx.clock.offsetMs, now: ctx.clock.now().toISOString() })
  app.get('/clock', async () => view())
  app.put('/clock', async (request, reply) => {
    const body = parseBody(clockBody, request.body, reply)
    if (!body) return reply
    ctx.clock.setOffset(body.offsetMs)
    return view()
  })
}
