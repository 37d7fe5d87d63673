import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the window loads the renderer from: the built file, or Vite's dev server. */
export type RendererLocation = { kind: 'file'; file: string } | { kind: 'dev-server'; url: string; origin: string }

/**
 * electron-vite's convention: `electron-vite dev` sets ELECTRON_RENDERER_URL;
 * otherwise the renderer is the built `out/renderer/index.html` next to `out/main`.
 * A packaged app ignores the variable, so nobody can point it elsewhere by
 * setting an environment variable.
 */
export function rendererLocation(opts: { isDev: boolean; env: NodeJS.ProcessEnv; mainDir: string }): RendererLocation {
  const devUrl = opts.env['ELECTRON_RENDERER_URL']
  if (opts.isDev && devUrl) {
    const url = new URL(devUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ELECTRON_RENDERER_URL must be http(s): ${devUrl}`)
    return { kind: 'dev-server', url: url.href, origin: url.origin }
  }
  return { kind: 'file', file: resolve(join(opts.mainDir, '../renderer/index.html')) }
}

const caseInsensitivePaths = process.platform === 'win32' || process.platform === 'darwin'

/**
 * True only for the app's own page: the exact index.html (any query or hash,
 * since the router may use them) or, in development, the dev server's origin.
 * Used both to trust IPC senders and to allow navigation.
 */
export function isAppUrl(location: RendererLocation, candidate: string): boolean {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return false
  }
  if (location.kind === 'dev-server') return url.origin === location.origin
  if (url.protocol !== 'file:' || url.host !== '') return false
  let path: string
  try {
    // Decodes %-escapes after the URL parser has resolved dot segments; an
    // encoded separator makes it throw, which we treat as foreign.
    path = resolve(fileURLToPath(url))
  } catch {
    return false
  }
  return caseInsensitivePaths ? path.toLowerCase() === location.file.toLowerCase() : path === location.file
}
