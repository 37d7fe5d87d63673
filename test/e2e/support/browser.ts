import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

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

/** What every app's window is: a laptop's size, a Spanish-speaking shop. */
const contextOptions = { viewport: { width: 1366, height: 820 }, locale: 'es-ES' }

/** The browser's own scratch folders (its temporary files, config and cache) under `root`, so runs leave nothing behind. */
function scratchEnv(root: string): NodeJS.ProcessEnv {
  const scratch = join(root, 'scratch')
  for (const dir of [scratch, join(scratch, 'config'), join(scratch, 'cache')]) mkdirSync(dir, { recursive: true })
  return { ...process.env, TMPDIR: scratch, XDG_CONFIG_HOME: join(scratch, 'config'), XDG_CACHE_HOME: join(scratch, 'cache') }
}

/** A camera that shows Chromium's test pattern, granted without a prompt: for the tests of picture taking only. */
export const fakeCameraArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']

/** A fresh profile per launch, with the browser's own scratch folders inside it, so runs leave nothing behind. */
export async function launchChromium(kind: ChromiumKind = 'browser', extraArgs: readonly string[] = []): Promise<LaunchedBrowser> {
  const executablePath = findChromium(kind)
  const root = mkdtempSync(join(tmpdir(), 'mostrador-chromium-'))
  const profile = join(root, 'profile')
  mkdirSync(profile, { recursive: true })
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [...chromiumArgs, ...extraArgs],
    ...contextOptions,
    env: scratchEnv(root),
  })
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(root, { recursive: true, force: true })
    },
  }
}

export interface ChromiumServer {
  wsEndpoint: string
  close(): Promise<void>
}

/**
 * One Chromium for a whole test run (the e2e project's globalSetup), which each app reaches through
 * `newContextIn`: a launch costs a second or more, a context a tenth of that.
 */
export async function launchChromiumServer(kind: ChromiumKind = 'browser'): Promise<ChromiumServer> {
  const root = mkdtempSync(join(tmpdir(), 'mostrador-chromium-'))
  try {
    const server = await chromium.launchServer({ executablePath: findChromium(kind), args: chromiumArgs, env: scratchEnv(root) })
    return {
      wsEndpoint: server.wsEndpoint(),
      async close() {
        await server.close().catch(() => undefined)
        rmSync(root, { recursive: true, force: true })
      },
    }
  } catch (err) {
    rmSync(root, { recursive: true, force: true })
    throw err
  }
}

// One connection per test process to the run's Chromium; a lost one is made again on the next call.
let connection: { wsEndpoint: string; browser: Promise<Browser> } | undefined

function connectTo(wsEndpoint: string): Promise<Browser> {
  if (connection?.wsEndpoint !== wsEndpoint) {
    const browser = chromium.connect(wsEndpoint)
    connection = { wsEndpoint, browser }
    const forget = () => {
      if (connection?.browser === browser) connection = undefined
    }
    browser.then((b) => b.on('disconnected', forget), forget)
  }
  return connection.browser
}

/**
 * A new context (its own cookies, storage, cache and permissions: nothing of another app's) in the Chromium
 * at `wsEndpoint`, as fresh to the page as a new profile.
 */
export async function newContextIn(wsEndpoint: string): Promise<LaunchedBrowser> {
  const browser = await connectTo(wsEndpoint)
  const context = await browser.newContext(contextOptions)
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
    },
  }
}
