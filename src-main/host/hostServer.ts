import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { requestNames } from '@shared/contract'
import { hostEventsPath, hostRequestPath, hostTokenCookie, hostTokenHeader, hostTokenMeta } from '@shared/contract/transport'
import { contentSecurityPolicyFor, serviceImageOrigins } from '@shared/csp'
import { dispatch } from '@shared/dispatch'
import type { Core } from '@core/createCore'
import { refuseUnlessOwnPage } from './ownPageGuard'

export interface HostServerOptions {
  core: Core
  rendererDir: string
  /** 0 or absent: a free port. */
  port?: number
}

export interface RunningHost {
  /** The address to open: it carries the per-run token once, then a cookie does. */
  url: string
  origin: string
  /** The request paths registered, one per contract entry (the routing test reads them). */
  routes: string[]
  close(): Promise<void>
}

/**
 * The browser host: the same contract as the Electron IPC, over HTTP on
 * 127.0.0.1 only. Every request must carry the random per-run token (first in
 * the URL, then in an HttpOnly cookie the host sets, or in a header), and the
 * Host header must name this loopback address. The requests and the event
 * stream answer only the host's own page (ownPageGuard.ts: its origin, JSON,
 * the token in a header the page reads from a meta tag of the page), so
 * neither another local user nor a web page in the same browser can drive it.
 */
export async function startHostServer(opts: HostServerOptions): Promise<RunningHost> {
  if (!existsSync(opts.rendererDir)) {
    throw new Error(`The renderer is not built (${opts.rendererDir} is missing). Run: npm run build`)
  }
  const token = randomBytes(24).toString('hex')
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 })
  let allowedHosts: Set<string> = new Set()
  // The routes that act (every request, and the events that carry the user's data); the rest is the built page.
  const ownPageOnly = new Set<string>()

  // Images may come from the service signed in to when the page loads (src-shared/csp.ts).
  const policy = () => contentSecurityPolicyFor(serviceImageOrigins(opts.core.services.session.status()))

  app.addHook('onRequest', async (req, reply) => {
    if (!allowedHosts.has(req.headers.host ?? '')) return reply.code(421).send({ error: 'wrong host' })
    reply.header('Content-Security-Policy', policy())
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'no-referrer')
    reply.header('Cache-Control', 'no-store')
    const query = req.query as Record<string, unknown>
    if (typeof query.token === 'string' && sameSecret(query.token, token)) {
      reply.header('Set-Cookie', `${hostTokenCookie}=${token}; HttpOnly; SameSite=Strict; Path=/`)
      return reply.redirect(req.url.replace(/[?&]token=[^&#]*/, '').replace(/^([^?]*)&/, '$1?') || '/')
    }
    if (!sameSecret(presentedToken(req), token)) {
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('Open the address printed by "mostrador serve": it carries the access token.\n')
    }
    if (ownPageOnly.has(req.routeOptions.url ?? '')) {
      const refusal = refuseUnlessOwnPage(req.headers, req.method !== 'GET', (given) => sameSecret(given, token))
      if (refusal) return reply.code(refusal.status).type('text/plain; charset=utf-8').send(`Refused: ${refusal.reason}.\n`)
    }
  })

  // The built scripts and styles carry a hash of their content in their names: a browser may keep them for good,
  // so a start after the first fetches only the page. The page and every answer are never kept.
  app.addHook('onSend', async (req, reply) => {
    if (req.method === 'GET' && req.url.startsWith('/assets/') && reply.statusCode === 200)
      reply.header('Cache-Control', 'private, max-age=31536000, immutable')
  })

  const routes = requestNames.map((name) => {
    const path = hostRequestPath(name)
    app.post(path, async (req, reply) => {
      const body = req.body as { payload?: unknown } | null
      return reply.send(await dispatch(opts.core.handlers, name, body?.payload))
    })
    ownPageOnly.add(path)
    return path
  })

  app.get(hostEventsPath, (req, reply) => streamEvents(opts.core, req, reply, policy()))
  ownPageOnly.add(hostEventsPath)

  // The page, with the token its requests send in a header: only a script of this origin can read the answer.
  const page = (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').send(withTokenMeta(readFileSync(join(opts.rendererDir, 'index.html'), 'utf8'), token))
  app.get('/', page)
  app.get('/index.html', page)

  // Its own Cache-Control (public, max-age=0) would replace ours: the page is never kept, the built files for good.
  await app.register(fastifyStatic, { root: opts.rendererDir, index: false, wildcard: true, cacheControl: false })

  const address = await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 })
  const origin = address.replace('localhost', '127.0.0.1')
  const port = new URL(origin).port
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  return {
    url: `${origin}/?token=${token}`,
    origin,
    routes,
    close: () => app.close(),
  }
}

function presentedToken(req: FastifyRequest): string {
  const header = req.headers[hostTokenHeader]
  if (typeof header === 'string') return header
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === hostTokenCookie) return value.join('=')
  }
  return ''
}

function withTokenMeta(html: string, token: string): string {
  const meta = `<meta name="${hostTokenMeta}" content="${token}" />`
  const head = /<head[^>]*>/i.exec(html)
  return head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : meta + html
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Server-sent events: each core event as one `data: {name, payload}` message. */
function streamEvents(core: Core, req: FastifyRequest, reply: FastifyReply, contentSecurityPolicy: string): void {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'Content-Security-Policy': contentSecurityPolicy,
  })
  res.write(': connected\n\n')
  const stop = core.events.onAny((name, payload) => {
    res.write(`data: ${JSON.stringify({ name, payload })}\n\n`)
  })
  // Proxies and browsers drop silent streams; a comment line keeps it open.
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 20_000)
  heartbeat.unref()
  req.raw.on('close', () => {
    clearInterval(heartbeat)
    stop()
  })
}
