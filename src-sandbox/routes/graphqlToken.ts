import { issueGraphqlJwt, jwtLifetimeSeconds } from '../auth/graphqlJwt'
import { requestUser } from '../http/userAuth'
import type { RouteModule } from './routeModule'

/** "5 days", "1 day", "3 hours": how the service words the time a token has left. */
export function remainingTimeMessage(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ]
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size)
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`
  }
  return `${Math.max(0, Math.floor(seconds))} seconds`
}

/** GET /apps/graphql.json: a fresh five-day JWT and where to use it. */
export const graphqlTokenRoutes: RouteModule = (app, ctx) => {
  app.get('/apps/graphql.json', async (request) => {
    const user = requestUser(request)
    const issued = await issueGraphqlJwt(ctx.store.jwtSecret(), user.id, ctx.clock.now())
    return {
      status: 200,
      message: 'GraphQL token generated',
      token: issued.token,
      expires: issued.expiresAt.toISOString(),
      expiresMsg: remainingTimeMessage(jwtLifetimeSeconds),
      // The address the client used to reach us, so a sandbox behind another name still answers right.
      graphqlUrl: `${request.protocol}://${request.host}/v1/graphql`,
    }
  })
}
