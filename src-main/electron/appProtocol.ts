import { readFile } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve } from 'node:path'
import type { Protocol } from 'electron'

/**
 * The window loads the built renderer from `app://mostrador/`, a privileged scheme of its own, instead of
 * `file://`: the page is then an origin of its own (not every file on the disk), our handler answers only
 * files of out/renderer, and every answer carries the app's headers (the CSP among them), which a file://
 * page never gets.
 */
export const appScheme = 'app'
export const appHost = 'mostrador'
export const appIndexUrl = `${appScheme}://${appHost}/index.html`

/**
 * Electron takes a scheme's privileges only before the app is ready. Standard: an origin with relative
 * addresses and storage; secure: like https (no mixed-content warnings, secure-context APIs); fetch and
 * CORS: the built page's module scripts (`<script type="module" crossorigin>`) are fetched in CORS mode.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ])
}

/** True for an address of the app's own origin (`app://mostrador`, no port, no user). */
export function isAppOrigin(candidate: string): boolean {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return false
  }
  // Node gives a non-special scheme the opaque origin "null", so the parts are compared instead.
  return url.protocol === `${appScheme}:` && url.host === appHost && url.username === '' && url.password === ''
}

/**
 * The file of `rendererDir` an app:// address names, or null for anything else: another host, an encoded
 * separator or dot (decoded after the URL parser has resolved `..`, it could climb out), a path that
 * resolves outside the folder.
 */
export function rendererFile(rendererDir: string, address: string): string | null {
  if (!isAppOrigin(address)) return null
  const { pathname } = new URL(address)
  if (/%2e|%2f|%5c/i.test(pathname)) return null
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\')) return null
  const root = resolve(rendererDir)
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null
  return file
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

/**
 * Answers app:// from the built renderer only. `policy` is asked at each answer: the CSP names the
 * signed-in service's origin for images (src-shared/csp.ts), which changes with the session.
 */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string, policy: () => string): void {
  protocol.handle(appScheme, async (request) => {
    const refused = (status: number) => new Response(null, { status, headers: { 'Content-Security-Policy': policy() } })
    if (request.method !== 'GET' && request.method !== 'HEAD') return refused(405)
    const file = rendererFile(rendererDir, request.url)
    if (!file) return refused(404)
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return refused(404)
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Security-Policy': policy(),
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
}
