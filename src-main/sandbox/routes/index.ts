import { companyRoutes } from './company'
import { graphqlTokenRoutes } from './graphqlToken'
import { profileRoutes } from './profile'
import type { RouteModule } from './routeModule'

/** Every REST area of the service; each later area (bundles, bookings, purchasing…) adds its module here. */
export const restRouteModules: readonly RouteModule[] = [profileRoutes, companyRoutes, graphqlTokenRoutes]
