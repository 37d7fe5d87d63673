import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { readSettings, writeSettings } from '../model/sandboxSettings'
import { parseBody } from './bodySchema'

const settingsBody = z.record(z.string(), z.unknown())

/** GET/PUT /__sandbox/settings: PUT changes the keys it names (null puts one back to its default). */
export function settingsControl(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/settings', async () => readSettings(ctx.store.db))
  app.put('/settings', async (request, reply) => {
    const body = parseBody(settingsBody, request.body, reply)
    if (!body) return reply
    try {
      return writeSettings(ctx.store.db, body)
    } catch (err) {
      return sendError(reply, 400, (err as Error).message)
    }
  })
}
