import { join, resolve } from 'node:path'
import { appIndexUrl, isAppOrigin } from './appProtocol'

/** Where the window loads the renderer from: the built files through app://, or Vite's dev server. */
export type RendererLocation = { kind: 'app'; dir: string; url: string } | { kind: 'dev-server'; url: string; origin: string }

/**
 * electron-vite's convention: `electron-vite dev` sets ELECTRON_RENDERER_URL;
 * otherwise the renderer is the built `out/renderer` next to `out/main`, served
 * as app://mostrador/ (appProtocol.ts). A packaged app ignores the variable, so
 * nobody can point it elsewhere by setting an environment variable.
 */
export function rendererLocation(opts: { isDev: boolean; env: NodeJS.ProcessEnv; mainDir: string }): RendererLocation {
  const devUrl = opts.env['ELECTRON_RENDERER_URL']
  if (opts.isDev && devUrl) {
    const url = new URL(devUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ELECTRON_RENDERER_URL must be http(s): ${devUrl}`)
    return { kind: 'dev-server', url: url.href, origin: url.origin }
  }
  return { kind: 'app', dir: resolve(join(opts.mainDir, '../renderer')), url: appIndexUrl }
}

/**
 * True only for the app's own origin: app://mostrador (any path, query or
 * hash: it serves nothing but the built renderer) or, in development, the dev
 * server's origin. Used both to trust IPC senders and to allow navigation.
 */
export function isAppUrl(location: RendererLocation, candidate: string): boolean {
  if (location.kind === 'app') return isAppOrigin(candidate)
  try {
    return new URL(candidate).origin === location.origin
  } catch {
    return false
  }
}
