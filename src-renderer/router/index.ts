import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { useSessionStore } from '../stores/session'
import { screens } from './areas'
import { landingPath } from '../shell/stations'
import { usePreferencesStore } from '../stores/preferences'
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
  newBooking: () => import('../views/counter/NewBookingView.vue'),
  bookings: () => import('../views/counter/BookingsView.vue'),
  syncCentre: () => import('../views/counter/SyncCentreView.vue'),
  dispatch: () => import('../views/dispatch/DispatchView.vue'),
  consolidates: () => import('../views/purchasing/ConsolidatesView.vue'),
  receptions: () => import('../views/purchasing/ReceptionsView.vue'),
  pieceworkTypeGroups: () => import('../views/admin/PieceworkGroupsView.vue'),
  documentStructures: () => import('../views/admin/DocumentStructuresView.vue'),
  dynamicTables: () => import('../views/admin/DynamicTablesView.vue'),
  graphql: () => import('../views/admin/GraphqlConsoleView.vue'),
  diagnostics: () => import('../shell/help/DiagnosticsView.vue'),
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
    path: 'counter/bookings/:id/edit',
    name: 'bookingEdit',
    meta: { area: 'bookings' },
    component: () => import('../views/counter/NewBookingView.vue'),
    props: (route) => ({ id: String(route.params.id) }),
  },
  // Purchasing
  { path: 'purchasing/consolidates/new', name: 'consolidateNew', meta: { area: 'consolidates' }, component: () => import('../views/purchasing/ConsolidateNewView.vue'), props: { special: false } },
  {
    path: 'purchasing/consolidates/new-special',
    name: 'consolidateNewSpecial',
    meta: { area: 'consolidates' },
    component: () => import('../views/purchasing/ConsolidateNewView.vue'),
    props: { special: true },
  },
  {
    path: 'purchasing/consolidates/:id(\\d+)',
    name: 'consolidate',
    meta: { area: 'consolidates' },
    component: () => import('../views/purchasing/ConsolidateView.vue'),
    props: (route) => ({ id: Number(route.params.id) }),
  },
  {
    path: 'purchasing/receptions/order/:orderId(\\d+)',
    name: 'receptionOrder',
    meta: { area: 'receptions' },
    component: () => import('../views/purchasing/ReceptionOrderView.vue'),
    props: (route) => ({ orderId: Number(route.params.orderId) }),
  },
  {
    path: 'purchasing/receptions/:id(\\d+)',
    name: 'reception',
    meta: { area: 'receptions' },
    component: () => import('../views/purchasing/ReceptionView.vue'),
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
  // Help → Diagnostics also before signing in (a broken keychain or an unreachable service keeps people out).
  { path: '/diagnostics', name: 'diagnosticsSignedOut', meta: { public: true }, component: () => import('../shell/help/DiagnosticsPage.vue') },
  {
    path: '/',
    component: () => import('../views/ShellLayout.vue'),
    children: [{ path: '', redirect: () => landingPath() }, ...shellChildren, ...subScreens],
  },
  { path: '/:unknown(.*)*', redirect: () => landingPath() },
]

// Hash history: the same build loads from Electron's app files and from the browser host.
export const router = createRouter({ history: createWebHashHistory(), routes })

router.beforeEach(async (to) => {
  const session = useSessionStore()
  // The landing screen depends on this computer's station, so both are known before the first screen.
  await Promise.all([session.ensureLoaded(), usePreferencesStore().ensureLoaded()])
  if (!session.status) return true // the boot screen shows the failure and a retry
  if (!session.signedIn && !to.meta.public) return { name: 'signIn' }
  if (session.signedIn && to.name === 'signIn') return landingPath()
  return true
})
