import type { AreaRoutes } from '../../router/areaRoutes'

/** The catalogue's screens; assembled in router/index.ts. */
export const catalogueRoutes: AreaRoutes = {
  views: {
    catalogue: () => import('./views/CatalogueView.vue'),
  },
  subScreens: [
    { path: 'catalogue/bundles/new', name: 'bundleNew', meta: { area: 'catalogue' }, component: () => import('./views/BundleView.vue') },
    {
      path: 'catalogue/bundles/:id(\\d+)',
      name: 'bundle',
      meta: { area: 'catalogue' },
      component: () => import('./views/BundleView.vue'),
      props: (route) => ({ id: Number(route.params.id) }),
    },
  ],
}
