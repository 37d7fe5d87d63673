import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'

/** POST /__sandbox/reset: the data back to the seed it came from (faults and clock are left as they are). */
export function resetControl(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/reset', async () => {
    ctx.store.reset()
    return { reset: true, ...ctx.store.seedParams }
  })
}
