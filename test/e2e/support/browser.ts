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

/** CHROMIUM_PATH, else Debian's Chromium, else a browser Playwright installed; never a download. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const path of candidates) if (path && existsSync(path)) return path
  try {
    const installed = chromium.executablePath()
    if (installed && existsSync(installed)) return installed
  } catch {
    // Playwright has no browser of its own here; fall through to the explanation.
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian: apt-get install -y --no-install-recommends chromium) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  )
}

export interface LaunchedBrowser {
  context: BrowserContext
  close(): Promise<void>
}

/** A fresh profile per launch, with the browser's own scratch folders inside it, so runs leave nothing behind. */
export async function launchChromium(): Promise<LaunchedBrowser> {
  const executablePath = findChromium()
  const root = mkdtempSync(join(tmpdir(), 'mostrador-chromium-'))
  const profile = join(root, 'profile')
  const scratch = join(root, 'scratch')
  for (const dir of [profile, scratch, join(scratch, 'config'), join(scratch, 'cache')]) mkdirSync(dir, { recursive: true })
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: chromiumArgs,
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
