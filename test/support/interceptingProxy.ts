import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http'
import { closeServer, listenOnLoopback } from './loopbackServer'

/**
 * What the proxy answers instead of the service (`body` as JSON, or `text` as
 * it is with its content type: a front server's HTML error page); `afterForward`
 * lets the service do the work first; `drop` then cuts the connection instead of answering;
 * `hold` passes the service's own answer on only once the promise it returns settles
 * (an answer slow to come back, read by the service before what happens meanwhile);
 * `rewrite` changes the request's body on its way (a service that drops a field),
 * then answers as the service does, or drops the answer with `drop`;
 * `reshape` changes the service's JSON answer on its way back (a service that
 * answers with fewer fields than the sandbox), keeping its status.
 * `byBody` decides once the request's body is read (one GraphQL query among
 * others): an answer, `'stall'` (headers never come: the client's deadline
 * cuts it) or null to pass it through. `headers` go with an answer (a redirect's
 * Location).
 */
export type Answer =
  | { status: number; body: unknown; headers?: Record<string, string>; afterForward?: boolean }
  | { status: number; text: string; contentType: string; afterForward?: boolean }
export type Interception =
  | Answer
  | { drop: true; afterForward: true }
  | { hold: () => Promise<void>; afterForward: true }
  | { rewrite: (body: string) => string; drop?: boolean; afterForward: true }
  | { reshape: (answer: unknown) => unknown; afterForward: true }
  | { byBody: (body: string) => Answer | 'stall' | null; afterForward?: false }

export interface InterceptingProxy {
  url: string
  /** Decides per request; null passes it through untouched. */
  intercept: (req: IncomingMessage) => Interception | null
  /** Runs `work` with `intercept` in place, then passes everything through again. */
  during<T>(intercept: (req: IncomingMessage) => Interception | null, work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A GraphQL query on its way to the service (every one is a POST to the same address; `byBody` tells them apart). */
export const isGraphql = (req: { method?: string; url?: string }): boolean =>
  req.method === 'POST' && (req.url ?? '').startsWith('/v1/graphql')

/** The request's headers without Accept-Encoding: the proxy reads and reshapes answers as JSON, so it asks for them plain. */
function plainHeaders(req: IncomingMessage): IncomingMessage['headers'] {
  const { 'accept-encoding': _dropped, ...headers } = req.headers
  return headers
}

/**
 * A real HTTP proxy in front of the sandbox, for answers the sandbox never
 * gives on its own (a real service's proxy, a route that answers 404 for a
 * record it still has). Everything not intercepted passes through as it is,
 * the Host header included: the GraphQL address the service hands out then
 * names the proxy, so GraphQL passes through it too.
 */
export async function startInterceptingProxy(target: string): Promise<InterceptingProxy> {
  const upstream = new URL(target)
  const proxy: InterceptingProxy = {
    url: '',
    intercept: () => null,
    async during(intercept, work) {
      proxy.intercept = intercept
      try {
        return await work()
      } finally {
        proxy.intercept = () => null
      }
    },
    close: async () => undefined,
  }
  const server: Server = createServer((req, res) => {
    const interception = proxy.intercept(req)
    const answer = (i: Exclude<Interception, { hold: unknown } | { rewrite: unknown } | { reshape: unknown } | { byBody: unknown }>) => {
      if ('drop' in i) return res.socket?.destroy()
      if ('text' in i) {
        res.writeHead(i.status, { 'content-type': i.contentType })
        return res.end(i.text)
      }
      res.writeHead(i.status, { ...i.headers, 'content-type': 'application/json' })
      res.end(JSON.stringify(i.body))
    }
    if (interception && 'byBody' in interception) {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        const decided = interception.byBody(body.toString('utf8'))
        if (decided === 'stall') return
        if (decided) return answer(decided)
        const out = forward(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: plainHeaders(req) },
          (back) => {
            res.writeHead(back.statusCode ?? 502, back.headers)
            back.pipe(res)
          },
        )
        out.on('error', () => res.destroy())
        out.end(body)
      })
      return
    }
    if (interception && !interception.afterForward) {
      req.resume()
      answer(interception)
      return
    }
    if (interception && 'rewrite' in interception) {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.from(interception.rewrite(Buffer.concat(chunks).toString('utf8')))
        const headers = { ...plainHeaders(req), 'content-length': String(body.length) }
        const out = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (back) => {
          if (interception.drop) {
            back.resume()
            back.on('end', () => res.socket?.destroy())
            return
          }
          res.writeHead(back.statusCode ?? 502, back.headers)
          back.pipe(res)
        })
        out.on('error', () => res.destroy())
        out.end(body)
      })
      return
    }
    const out = forward(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: plainHeaders(req) },
      (back) => {
        if (interception && 'reshape' in interception) {
          const chunks: Buffer[] = []
          back.on('data', (c: Buffer) => chunks.push(c))
          back.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            const body = text === '' ? text : JSON.stringify(interception.reshape(JSON.parse(text)))
            res.writeHead(back.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
            res.end(body)
          })
          return
        }
        if (interception && 'hold' in interception) {
          const chunks: Buffer[] = []
          back.on('data', (c: Buffer) => chunks.push(c))
          back.on(
            'end',
            () =>
              void interception.hold().then(() => {
                res.writeHead(back.statusCode ?? 502, back.headers)
                res.end(Buffer.concat(chunks))
              }),
          )
          return
        }
        if (interception) {
          back.resume()
          back.on('end', () => answer(interception))
          return
        }
        res.writeHead(back.statusCode ?? 502, back.headers)
        back.pipe(res)
      },
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  proxy.url = await listenOnLoopback(server)
  proxy.close = () => {
    const closed = closeServer(server)
    // A stalled answer keeps its connection open for ever: closing ends it.
    server.closeAllConnections()
    return closed
  }
  return proxy
}
