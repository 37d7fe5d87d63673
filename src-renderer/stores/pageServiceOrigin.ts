import { serviceImageOrigins } from '@shared/csp'
import type { SessionStatus } from '@shared/domain'

/**
 * The page's Content-Security-Policy lets pictures come only from the service signed in to when the page
 * loaded (src-shared/csp.ts), and a page's policy cannot change afterwards. So when a session on another
 * service begins in this page (a sign-in, training mode's sandbox on its own port), the page is loaded
 * again before the shell opens, and that service's logos and bundle pictures can show.
 */
let loadedFor: string | null | undefined // undefined until the page has read who is signed in

function serviceOrigin(status: SessionStatus | null): string | null {
  return serviceImageOrigins(status)[0] ?? null
}

/** The page's first reading of the session: the service its policy names. */
export function notePageLoadedFor(status: SessionStatus | null): void {
  if (loadedFor === undefined) loadedFor = serviceOrigin(status)
}

/** True when `status` is a session on a service this page's policy does not name. */
export function needsFreshPage(status: SessionStatus): boolean {
  const origin = serviceOrigin(status)
  return loadedFor !== undefined && origin !== null && origin !== loadedFor
}

export function loadPageAgain(): void {
  window.location.reload()
}
