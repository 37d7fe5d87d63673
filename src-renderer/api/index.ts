import { createBrowserHostTransport } from './browserHostTransport'
import { createClient } from './client'

/**
 * Chosen once at start: inside Electron the preload's bridge, in a plain
 * browser (the browser host) HTTP on the page's own origin.
 */
const bridge =
  window.mostrador ??
  createBrowserHostTransport({
    fetch: (input, init) => window.fetch(input, init),
    openEventStream: (path, onMessage) => {
      // EventSource reconnects by itself when the host restarts or the network blips.
      const stream = new EventSource(path)
      stream.onmessage = (message: MessageEvent<unknown>) => onMessage(message.data)
      return stream
    },
  })

const client = createClient(bridge)

export const request = client.request
export const onEvent = client.onEvent
export const transportKind: 'bridge' | 'browser-host' = window.mostrador ? 'bridge' : 'browser-host'
