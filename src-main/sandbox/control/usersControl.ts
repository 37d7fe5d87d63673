import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { listMemberships } from '../model/memberships'
import { listUsers } from '../model/users'

/** GET /__sandbox/users: every user with their token and entities, for tests and the command line. */
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
}
