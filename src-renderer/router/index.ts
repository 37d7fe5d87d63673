import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { useSessionStore } from '../stores/session'
import { homePath, screens } from './areas'
import type { AreaKey } from './areas'

declare module 'vue-router' {
  interface RouteMeta {
    /** Reachable while signed out. */
    public?: boolean
    /** The menu entry this screen belongs to. */
    area?: AreaKey
  }
}

const builtViews: Partial<Record<AreaKey, () => Promise<unknown>>> = {
  profile: () => import('../views/ProfileView.vue'),
  company: () => import('../views/CompanyView.vue'),
  catalogue: () => import('../views/catalogue/CatalogueView.vue'),
  pieceworkTypeGroups: () => import('../views/admin/PieceworkGroupsView.vue'),
  documentStructures: () => import('../views/admin/DocumentStructuresView.vue'),
  dynamicTables: () => import('../views/admin/DynamicTablesView.vue'),
  graphql: () => import('../views/admin/GraphqlConsoleView.vue'),
}

const shellChildren: RouteRecordRaw[] = screens.map((screen) => ({
  path: screen.path.slice(1),
  name: screen.key,
  meta: { area: screen.key },
  component: (screen.built && builtViews[screen.key]) || (() => import('../views/ComingSoonView.vue')),
}))

// Screens below a menu entry: they keep its area so the menu and the title stay on it.
const subScreens: RouteRecordRaw[] = [
  {
    path: 'catalogue/bundles/new',
    name: 'bundleNew',
    meta: { area: 'catalogue' },
    component: () => import('../views/catalogue/BundleView.vue'),
  },
  {
    path: 'catalogue/bundles/:id(\\d+)',
    name: 'bundle',
    meta: { area: 'catalogue' },
    component: () => import('../views/catalogue/BundleView.vue'),
    props: (route) => ({ id: Number(route.params.id) }),
  },
  {
    path: 'admin/dynamic-tables/:id(\\d+)',
    name: 'dynamicTable',
    meta: { area: 'dynamicTables' },
    component: () => import('../views/admin/DynamicTableView.vue'),
    props: (route) => ({ id: Number(route.params.id) }),
  },
]

const routes: RouteRecordRaw[] = [
  { path: '/signin', name: 'signIn', meta: { public: true }, component: () => import('../views/SignInView.vue') },
  {
    path: '/',
    component: () => import('../views/ShellLayout.vue'),
    children: [{ path: '', redirect: homePath }, ...shellChildren, ...subScreens],
  },
  { path: '/:unknown(.*)*', redirect: homePath },
]

// Hash history: the same build loads from Electron's app files and from the browser host.
export const router = createRouter({ history: createWebHashHistory(), routes })

router.beforeEach(async (to) => {
  const session = useSessionStore()
  await session.ensureLoaded()
  if (!session.status) return true // the boot screen shows the failure and a retry
  if (!session.signedIn && !to.meta.public) return { name: 'signIn' }
  if (session.signedIn && to.name === 'signIn') return homePath
  return true
})
