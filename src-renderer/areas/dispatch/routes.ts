import type { AreaRoutes } from '../../router/areaRoutes'

/** The dispatch's screens; assembled in router/index.ts. */
export const dispatchRoutes: AreaRoutes = {
  views: {
    dispatch: () => import('./views/DispatchView.vue'),
  },
}
