import type { EventName } from '@shared/contract'
import { hostEventsPath, hostRequestPath, hostTokenHeader, type Bridge, type Envelope } from '@shared/contract/transport'
import { AppError } from '@shared/errors'

export interface BrowserHostDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /** The host's per-run token, from the page it served (the host refuses a request that has only its cookie). */
  token: string
  /** Opens the server-sent event stream (hostEventStream.ts in a browser; a fake in tests); it sends the token too. */
  openEventStream: (path: string, onMessage: (data: unknown) => void) => { close(): void }
}

function networkFailure(detail: string): Envelope {
  return { ok: false, error: new AppError('network', { detail }).toPayload() }
}

/**
 * The browser host's side of the contract: one POST per request and one
 * server-sent event stream for every event. Each carries the per-run token in
 * a header as well as the host's cookie: a browser sends the cookie from any
 * local page, but only a script of the host's own page can read the token.
 */
export function createBrowserHostTransport(deps: BrowserHostDeps): Bridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let stream: { close(): void } | null = null

  function deliver(raw: unknown): void {
    if (typeof raw !== 'string') return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch {
      return // a malformed event is dropped; the next state change brings the truth again
    }
    if (typeof message !== 'object' || message === null) return
    const { name, payload } = message as { name?: unknown; payload?: unknown }
    // A name nobody listens to (or no event at all) finds no listeners.
    if (typeof name !== 'string') return
    for (const listener of listeners.get(name as EventName) ?? []) listener(payload)
  }

  return {
    async invoke(name, payload) {
      let response: Response
      try {
        response = await deps.fetch(hostRequestPath(name), {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', [hostTokenHeader]: deps.token },
          body: JSON.stringify({ payload }),
        })
      } catch (err) {
        return networkFailure(err instanceof Error ? err.message : String(err))
      }
      try {
        // The client checks the shape; a body that is not JSON at all means the host is not answering.
        return (await response.json()) as Envelope
      } catch {
        return networkFailure(`the host answered ${response.status} without JSON`)
      }
    },

    on(name, listener) {
      // One stream for all events, opened only once something listens.
      stream ??= deps.openEventStream(hostEventsPath, deliver)
      let set = listeners.get(name)
      if (!set) listeners.set(name, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
  }
}
