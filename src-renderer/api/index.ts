import { hostTokenMeta } from '@shared/contract/transport'
import { createBrowserHostTransport } from './browserHostTransport'
import { createClient } from './client'
import { openHostEventStream } from './hostEventStream'

/** The per-run token the browser host wrote into the page it served (absent inside Electron). */
function hostToken(): string {
  return document.querySelector(`meta[name="${hostTokenMeta}"]`)?.getAttribute('content') ?? ''
}

/**
 * Chosen once at start: inside Electron the preload's bridge, in a plain
 * browser (the browser host) HTTP on the page's own origin.
 */
const bridge =
  window.mostrador ??
  (() => {
    const token = hostToken()
    const fetch = (input: string, init: RequestInit) => window.fetch(input, init)
    return createBrowserHostTransport({
      fetch,
      token,
      openEventStream: (path, onMessage) => openHostEventStream(fetch, path, token, onMessage),
    })
  })()

const client = createClient(bridge)

export const request = client.request
export const onEvent = client.onEvent
export const transportKind: 'bridge' | 'browser-host' = window.mostrador ? 'bridge' : 'browser-host'
