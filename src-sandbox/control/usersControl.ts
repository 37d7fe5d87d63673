import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { listMemberships } from '../model/memberships'
import { listUsers, replaceToken } from '../model/users'
import { parseBody } from './bodySchema'

const tokenBody = z.object({ token: z.string().trim().min(8).max(200) })

/**
 * GET /__sandbox/users: every user with their token and entities, for tests and the command line.
 * PUT /__sandbox/users/:id/token `{token}`: revokes the user's token for a new one (a 401 mid-shift).
 */
export function usersControl(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/users', async () =>
    listUsers(ctx.store.db).map((u) => ({
      id: u.id,
      email: u.email,
      token: u.token,
      name: u.name,
      language: u.language,
      time_zone: u.time_zone,
      memberships: listMemberships(ctx.store.db, u.id).map((m) => ({
        entity: { id: m.entity_id, name: m.entity_name },
        current: m.current === 1,
        active: m.active === 1,
      })),
    })),
  )
  app.put<{ Params: { id: string } }>('/users/:id/token', async (request, reply) => {
    const body = parseBody(tokenBody, request.body, reply)
    if (!body) return reply
    if (!replaceToken(ctx.store.db, Number(request.params.id), body.token, ctx.clock.now().toISOString()))
      return sendError(reply, 404, 'No such user')
    return { id: Number(request.params.id), token: body.token }
  })
}
