import type { AreaRoutes } from '../../router/areaRoutes'

/** The admin's screens; assembled in router/index.ts. */
export const adminRoutes: AreaRoutes = {
  views: {
    profile: () => import('./views/ProfileView.vue'),
    company: () => import('./views/CompanyView.vue'),
    pieceworkTypeGroups: () => import('./views/PieceworkGroupsView.vue'),
    documentStructures: () => import('./views/DocumentStructuresView.vue'),
    dynamicTables: () => import('./views/DynamicTablesView.vue'),
    graphql: () => import('./views/GraphqlConsoleView.vue'),
  },
  subScreens: [
    {
      path: 'admin/dynamic-tables/:id(\\d+)',
      name: 'dynamicTable',
      meta: { area: 'dynamicTables' },
      component: () => import('./views/DynamicTableView.vue'),
      props: (route) => ({ id: Number(route.params.id) }),
    },
  ],
}
