import { bookingReadRoutes } from './bookingReads'
import { bookingTransitionRoutes } from './bookingTransitions'
import { bookingWriteRoutes } from './bookingWrites'
import { bundleDynamicItemsRoutes } from './bundleDynamicItems'
import { bundleImportRoutes } from './bundleImports'
import { bundleRoutes } from './bundles'
import { companyRoutes } from './company'
import { graphqlTokenRoutes } from './graphqlToken'
import { profileRoutes } from './profile'
import { consolidateRoutes } from './consolidates'
import { purchaseOrderRoutes } from './purchaseOrders'
import { receptionRoutes } from './receptions'
import type { RouteModule } from './routeModule'
import { documentStructureRoutes } from './documentStructures'
import { pieceworkTypeGroupRoutes } from './pieceworkTypeGroups'
import { webappRowRoutes } from './webappRows'
import { webappTableRoutes } from './webappTables'

/** Every REST area of the service; each later area (bookings, purchasing…) adds its module here. */
export const restRouteModules: readonly RouteModule[] = [
  profileRoutes,
  companyRoutes,
  graphqlTokenRoutes,
  bundleRoutes,
  bundleDynamicItemsRoutes,
  bundleImportRoutes,
  bookingReadRoutes,
  bookingWriteRoutes,
  bookingTransitionRoutes,
  consolidateRoutes,
  purchaseOrderRoutes,
  receptionRoutes,
  // Administration and apps.
  pieceworkTypeGroupRoutes,
  documentStructureRoutes,
  webappTableRoutes,
  webappRowRoutes,
]
