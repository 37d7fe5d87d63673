import { catalogueRoutes } from '../areas/catalogue/routes'
import { counterRoutes } from '../areas/counter/routes'
import { dispatchRoutes } from '../areas/dispatch/routes'
import { purchasingRoutes } from '../areas/purchasing/routes'
import { adminRoutes } from '../areas/admin/routes'
import type { AreaRoutes } from './areaRoutes'

// The screens' code, each a loader: a module of its own with nothing heavy in it, so the cold start can ask
// for the first screen's code before the rest of the app has run (src-renderer/firstScreen.ts).

// Each area declares its own screens (areas/*/routes.ts); the frame's own are here.
export const areaRoutes: AreaRoutes[] = [
  catalogueRoutes,
  counterRoutes,
  dispatchRoutes,
  purchasingRoutes,
  adminRoutes,
  { views: { diagnostics: () => import('../shell/help/DiagnosticsView.vue') } },
]
export const builtViews: AreaRoutes['views'] = Object.assign({}, ...areaRoutes.map((a) => a.views))

/** The signed-in frame around every menu screen. */
export const shellLayout = () => import('../shell/ShellLayout.vue')
export const signInView = () => import('../shell/SignInView.vue')
