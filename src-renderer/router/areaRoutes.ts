import type { RouteRecordRaw } from 'vue-router'
import type { AreaKey } from '../shell/areas'

/** What an area adds to the router: the screens its menu entries open, and the screens below them. */
export interface AreaRoutes {
  /** The view of each menu screen (shell/areas.ts) the area has built. */
  views: Partial<Record<AreaKey, () => Promise<unknown>>>
  /** Screens below a menu entry: they keep its area (meta.area) so the menu and the title stay on it. */
  subScreens?: RouteRecordRaw[]
}
