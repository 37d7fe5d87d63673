import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { useSessionStore } from '../stores/session'
import { screens } from '../shell/areas'
import { landingPath } from '../shell/stations'
import { usePreferencesStore } from '../stores/preferences'
import type { AreaKey } from '../shell/areas'
import { areaRoutes, builtViews, shellLayout, signInView } from './views'

declare module 'vue-router' {
  interface RouteMeta {
    /** Reachable while signed out. */
    public?: boolean
    /** The menu entry this screen belongs to. */
    area?: AreaKey
  }
}

const shellChildren: RouteRecordRaw[] = screens.map((screen) => ({
  path: screen.path.slice(1),
  name: screen.key,
  meta: { area: screen.key },
  component: (screen.built && builtViews[screen.key]) || (() => import('../shell/ComingSoonView.vue')),
}))

const subScreens: RouteRecordRaw[] = areaRoutes.flatMap((a) => a.subScreens ?? [])

// The landing screen depends on the station, known only once the preferences are loaded: a redirect is
// resolved before any guard (on a fresh start it would always send to the profile), so these routes leave
// in beforeEnter, which runs after the guard below has waited for the preferences. Nothing is ever shown.
const Nothing = { render: () => null }

const routes: RouteRecordRaw[] = [
  { path: '/signin', name: 'signIn', meta: { public: true }, component: signInView },
  // Help → Diagnostics also before signing in (a broken keychain or an unreachable service keeps people out).
  {
    path: '/diagnostics',
    name: 'diagnosticsSignedOut',
    meta: { public: true },
    component: () => import('../shell/help/DiagnosticsPage.vue'),
  },
  {
    path: '/',
    component: shellLayout,
    children: [{ path: '', name: 'landing', component: Nothing, beforeEnter: () => landingPath() }, ...shellChildren, ...subScreens],
  },
  { path: '/:unknown(.*)*', component: Nothing, beforeEnter: () => landingPath() },
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
