import type { ErrorPayload } from '../errors'
import type { EventName, RequestName } from '../contract'

/**
 * How a request and an event travel, apart from what they carry: with the
 * events' part (contract/events.ts), all the renderer takes of the contract
 * besides types. The core checks every answer before it leaves
 * (src-shared/dispatch.ts), so the window neither checks it again nor builds
 * the requests' schemas at start; this part holds no schema at all, so the
 * window does not load zod to start.
 */

/** Channel names of each transport, derived here so no transport spells one itself. */
export const ipcRequestChannel = (name: RequestName) => `mostrador:request:${name}`
export const ipcEventChannel = (name: EventName) => `mostrador:event:${name}`
export const hostRequestPath = (name: RequestName) => `/rpc/${name}`
export const hostEventsPath = '/events'
/**
 * Header the host's page sends its per-run token in, with every request and the event stream. The cookie alone
 * is not enough: a browser sends it from any page on 127.0.0.1, whatever its port.
 */
export const hostTokenHeader = 'x-mostrador-host-token'
export const hostTokenCookie = 'mostrador_host'
/** The meta tag the host writes the token into when it serves its page: only a script of the page's origin can read it. */
export const hostTokenMeta = 'mostrador-host-token'

/** What every transport hands back for a request: a value, or an error payload. */
export type Envelope = { ok: true; value: unknown } | { ok: false; error: ErrorPayload }

/** The shape the preload exposes on `window.mostrador` (and the browser host imitates). */
export interface Bridge {
  invoke(name: RequestName, payload: unknown): Promise<Envelope>
  on(name: EventName, listener: (payload: unknown) => void): () => void
}
