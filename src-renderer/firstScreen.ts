import type { Router } from 'vue-router'
import { builtViews, shellLayout, signInView } from './router/views'
import { safely } from './storageHint'

/**
 * The cold start's head start. main.ts imports this module first, so it runs
 * before Vue, naive-ui and the rest of the app are evaluated, and asks for the
 * code of the screen the last start opened on: it is fetched while the app's
 * own code runs and its first reads (session, preferences) are under way,
 * instead of after them (test/bench/shell/coldLoad.bench.ts). Only a hint, in
 * the browser's own storage: a wrong or missing one costs a fetch or nothing,
 * never the screen, which the router still chooses.
 */
const key = 'mostrador.firstScreen'

type Loader = () => Promise<unknown>

/** The loaders of a screen by its route name: a menu screen comes inside the shell. */
export function loadersOf(name: string, views: Partial<Record<string, Loader>> = builtViews): Loader[] {
  if (name === 'signIn') return [signInView]
  const view = views[name]
  return view ? [shellLayout, view] : []
}

/** Starts the fetch of the last start's first screen, unless the address names a screen of its own. */
export function preloadFirstScreen(storage: Pick<Storage, 'getItem'>, hash: string, loaders = loadersOf): void {
  if (hash.replace(/^#\/?/, '') !== '') return
  const name = safely(() => storage.getItem(key))
  // The router's own load reports a failure; this one has nothing to add.
  for (const load of name ? loaders(name) : []) void load().catch(() => undefined)
}

/** Notes the screen this start opened on, once the first navigation is done. */
export function rememberFirstScreen(router: Router, storage: Pick<Storage, 'setItem'>): void {
  // A first navigation that failed is the router's onError's to tell (shell/screenCode.ts).
  router.isReady().then(
    () => {
      const name = router.currentRoute.value.name
      if (typeof name === 'string') safely(() => storage.setItem(key, name))
    },
    () => undefined,
  )
}

if (typeof window !== 'undefined') preloadFirstScreen(window.localStorage, window.location.hash)
