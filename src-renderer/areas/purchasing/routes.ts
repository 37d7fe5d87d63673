import type { AreaRoutes } from '../../router/areaRoutes'

/** The purchasing's screens; assembled in router/index.ts. */
export const purchasingRoutes: AreaRoutes = {
  views: {
    consolidates: () => import('./views/ConsolidatesView.vue'),
    receptions: () => import('./views/ReceptionsView.vue'),
  },
  subScreens: [
    {
      path: 'purchasing/consolidates/new',
      name: 'consolidateNew',
      meta: { area: 'consolidates' },
      component: () => import('./views/ConsolidateNewView.vue'),
      props: { special: false },
    },
    {
      path: 'purchasing/consolidates/new-special',
      name: 'consolidateNewSpecial',
      meta: { area: 'consolidates' },
      component: () => import('./views/ConsolidateNewView.vue'),
      props: { special: true },
    },
    {
      path: 'purchasing/consolidates/:id(\\d+)',
      name: 'consolidate',
      meta: { area: 'consolidates' },
      component: () => import('./views/ConsolidateView.vue'),
      props: (route) => ({ id: Number(route.params.id) }),
    },
    {
      path: 'purchasing/receptions/order/:orderId(\\d+)',
      name: 'receptionOrder',
      meta: { area: 'receptions' },
      component: () => import('./views/ReceptionOrderView.vue'),
      props: (route) => ({ orderId: Number(route.params.orderId) }),
    },
    {
      path: 'purchasing/receptions/:id(\\d+)',
      name: 'reception',
      meta: { area: 'receptions' },
      component: () => import('./views/ReceptionView.vue'),
      props: (route) => ({ id: Number(route.params.id) }),
    },
  ],
}
