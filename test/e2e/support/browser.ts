import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Which Chromium: 'browser' is the whole browser (Chrome's own parts included: form-filling, password manager), as
 * a clerk opening `npm run serve` in Chrome or Chromium has it. 'shell' is Chromium's headless shell: the same
 * engine (Blink, V8, the compositor) without the browser's parts, as Electron embeds it; the closest to the desktop
 * app's renderer that runs here (no Electron binary). Chrome's form-filling reads every field of a page again
 * after fields are added, so the two differ on screens that grow (the counter's lines).
 */
export type ChromiumKind = 'browser' | 'shell'

/** CHROMIUM_PATH (CHROMIUM_SHELL_PATH for the shell), else Debian's package, else a browser Playwright installed; never a download. */
export function findChromium(kind: ChromiumKind = 'browser'): string {
  const candidates =
    kind === 'browser'
      ? [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
      : [process.env.CHROMIUM_SHELL_PATH, '/usr/bin/chromium-headless-shell']
  for (const path of candidates) if (path && existsSync(path)) return path
  try {
    const installed = kind === 'browser' ? chromium.executablePath() : undefined
    if (installed && existsSync(installed)) return installed
  } catch {
    // Playwright has no browser of its own here; fall through to the explanation.
  }
  throw new Error(
    kind === 'browser'
      ? 'No Chromium found for the end-to-end tests. Install one (Debian: apt-get install -y --no-install-recommends chromium) ' +
          'or set CHROMIUM_PATH to a Chromium or Chrome binary.'
      : "No Chromium headless shell found (the renderer as Electron embeds it, for the scanner's benchmark). Install it " +
          '(Debian: apt-get install -y --no-install-recommends chromium-headless-shell) or set CHROMIUM_SHELL_PATH to one.',
  )
}

export interface LaunchedBrowser {
  context: BrowserContext
  close(): Promise<void>
}

/** A camera that shows Chromium's test pattern, granted without a prompt: for the tests of picture taking only. */
export const fakeCameraArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']

/** A fresh profile per launch, with the browser's own scratch folders inside it, so runs leave nothing behind. */
export async function launchChromium(kind: ChromiumKind = 'browser', extraArgs: readonly string[] = []): Promise<LaunchedBrowser> {
  const executablePath = findChromium(kind)
  const root = mkdtempSync(join(tmpdir(), 'mostrador-chromium-'))
  const profile = join(root, 'profile')
  const scratch = join(root, 'scratch')
  for (const dir of [profile, scratch, join(scratch, 'config'), join(scratch, 'cache')]) mkdirSync(dir, { recursive: true })
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [...chromiumArgs, ...extraArgs],
    viewport: { width: 1366, height: 820 },
    locale: 'es-ES',
    env: {
      ...process.env,
      TMPDIR: scratch,
      XDG_CONFIG_HOME: join(scratch, 'config'),
      XDG_CACHE_HOME: join(scratch, 'cache'),
    },
  })
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(root, { recursive: true, force: true })
    },
  }
}
