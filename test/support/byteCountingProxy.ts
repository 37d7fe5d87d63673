import { createServer, connect, type Server, type Socket } from 'node:net'
import { closeServer, listenOnLoopback } from './loopbackServer'

/**
 * A TCP proxy in front of a service that counts the bytes each way as they
 * cross the wire: headers, chunk framing and compressed bodies, exactly what a
 * shop's line would carry. HTTP goes through it untouched; the Host header
 * then names the proxy, so the GraphQL address the sandbox hands out does too.
 */
export interface ByteCountingProxy {
  url: string
  /** Bytes the service sent to the client (what the client downloaded). */
  readonly received: number
  /** Bytes the client sent to the service. */
  readonly sent: number
  /** Sets both counts back to zero (between two measured runs). */
  reset(): void
  close(): Promise<void>
}

export async function startByteCountingProxy(target: string): Promise<ByteCountingProxy> {
  const upstream = new URL(target)
  let received = 0
  let sent = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const service = connect(Number(upstream.port), upstream.hostname)
    for (const s of [client, service]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        service.destroy()
      })
    }
    service.on('data', (chunk: Buffer) => (received += chunk.length))
    client.on('data', (chunk: Buffer) => (sent += chunk.length))
    client.pipe(service)
    service.pipe(client)
  })
  const url = await listenOnLoopback(server)
  return {
    url,
    get received() {
      return received
    },
    get sent() {
      return sent
    },
    reset() {
      received = 0
      sent = 0
    },
    close: () => {
      for (const s of sockets) s.destroy()
      return closeServer(server)
    },
  }
}
