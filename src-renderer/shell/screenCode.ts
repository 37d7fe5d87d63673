import { ref } from 'vue'
import { START_LOCATION, type Router } from 'vue-router'
import { safely } from '../storageHint'

/**
 * Each screen's code is fetched the first time it opens. When that fails (the app's files replaced by an update while
 * it ran, the browser host restarted on a new build), vue-router drops the navigation and the menu entry seems dead.
 * The page is loaded again at that screen, once: the new page names the new files. If the code fails again there, the
 * clerk is told, with a retry (ScreenUnavailableNotice.vue).
 */
const key = 'mostrador.screenCodeReloaded'

/** The screen whose code did not load even after the page was loaded again (its path, its menu entry), or null. */
export const unavailableScreen = ref<{ path: string; area?: string } | null>(null)

/** Chromium's words for a module that could not be fetched, and Vite's for a screen's styles that could not. */
export function isCodeLoadFailure(err: unknown): boolean {
  return err instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/.test(err.message)
}

export interface PageControl {
  /** Kept across a reload of this window only (sessionStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  reloadAt: (path: string) => void
  /** Keeps out of the console the page's unhandled rejections `handled` says were dealt with (hushRejections). */
  hushRejections: (handled: (reason: unknown) => boolean) => void
}

export function followScreenCode(router: Router, page: PageControl): void {
  const reloadedFor = () => safely(() => page.storage.getItem(key))
  let landed = false
  router.onError((err, to, from) => {
    if (!isCodeLoadFailure(err)) return
    // Without storage kept across the reload (none, full), no reload: it could not tell a second failure from a first.
    if (reloadedFor() !== to.fullPath && safely(() => (page.storage.setItem(key, to.fullPath), true))) {
      return page.reloadAt(to.fullPath)
    }
    unavailableScreen.value = { path: to.fullPath, area: to.meta.area }
    // The page opened on it: the landing screen instead of an empty window, the notice over it (once: it may be that one).
    if (from === START_LOCATION && !landed) {
      landed = true
      void router.replace('/')
    }
  })
  // The menu's and the keys' navigations are not awaited: their rejection is this one, handled above.
  page.hushRejections(isCodeLoadFailure)
  router.afterEach((to, from, failure) => {
    if (failure) return
    if (to.fullPath === reloadedFor()) safely(() => page.storage.removeItem(key))
    // Going on elsewhere puts the notice away; the landing screen it was shown over does not.
    if (from !== START_LOCATION) unavailableScreen.value = null
  })
}

/** This window's unhandled rejections that `handled` says were dealt with are not reported. */
export function hushRejections(handled: (reason: unknown) => boolean): void {
  window.addEventListener('unhandledrejection', (event) => handled(event.reason) && event.preventDefault())
}

/** This window's page again, opening at `path` (hash history). */
export function reloadAt(path: string): void {
  const url = new URL(window.location.href)
  url.hash = path
  window.history.replaceState(window.history.state, '', url)
  window.location.reload()
}
