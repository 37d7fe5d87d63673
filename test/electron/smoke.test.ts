/**
 * The real Electron app, started as a user starts it: first-start screen,
 * Training mode, one scanned booking saved, the app closed and started again
 * with the booking still there, no Node in the renderer, a second launch that
 * only brings the first window forward. Runs where an Electron binary exists
 * (the release workflow, a developer's machine): `npm run test:electron`, with
 * MOSTRADOR_APP_PATH set to a packaged executable to test the package instead
 * of the project. Without a binary (these build machines) it is reported as
 * skipped, with the reason.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { bookingFacts } from '@sandbox/seed/bookingFacts'

const root = resolve(__dirname, '../..')

type Target = { executable: string; args: string[]; packaged: boolean } | { missing: string }

/** The Electron to start: the packaged app named by MOSTRADOR_APP_PATH, or the project's electron package. */
function findTarget(): Target {
  const packaged = process.env.MOSTRADOR_APP_PATH
  if (packaged)
    return existsSync(packaged)
      ? { executable: packaged, args: [], packaged: true }
      : { missing: `MOSTRADOR_APP_PATH=${packaged} does not exist` }
  // The electron package's index.js would start a download when its binary is missing; look before requiring it.
  const electronDir = join(root, 'node_modules', 'electron')
  const pathFile = join(electronDir, 'path.txt')
  if (!process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    if (!existsSync(pathFile))
      return { missing: `no Electron binary: ${pathFile} is missing (the electron package never downloaded its binary; no internet here)` }
    const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
    if (!existsSync(binary)) return { missing: `no Electron binary: ${binary} does not exist` }
  }
  const executable: unknown = createRequire(__filename)('electron')
  if (typeof executable !== 'string' || !existsSync(executable))
    return { missing: `no Electron binary: require('electron') gave ${String(executable)}, which does not exist` }
  return { executable, args: [root], packaged: false }
}

interface Running {
  page: Page
  /** The window's state as the OS sees it, through the DevTools protocol (works in both launch modes). */
  windowState(): Promise<string>
  minimize(): Promise<void>
  quit(): Promise<void>
}

/** A private profile: the app's data folder and keychain fallback live under these. */
function profileEnv(home: string): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return {
    ...inherited,
    HOME: home,
    USERPROFILE: home,
    APPDATA: join(home, 'AppData', 'Roaming'),
    LOCALAPPDATA: join(home, 'AppData', 'Local'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ELECTRON_ENABLE_LOGGING: '1',
  }
}

async function windowControls(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number }
  return {
    windowState: async () =>
      ((await cdp.send('Browser.getWindowBounds', { windowId })) as { bounds: { windowState: string } }).bounds.windowState,
    minimize: async () => {
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'minimized' } })
    },
  }
}

/**
 * The project is started with Playwright's `_electron.launch`. A packaged app
 * has the EnableNodeCliInspectArguments fuse off, so `_electron.launch` (which
 * talks to the main process through --inspect) cannot drive it; it is started
 * as a plain process and its window reached over the DevTools protocol.
 */
async function launch(target: Extract<Target, { executable: string }>, env: Record<string, string>): Promise<Running> {
  if (!target.packaged) {
    const app: ElectronApplication = await _electron.launch({ executablePath: target.executable, args: target.args, env, timeout: 60_000 })
    const page = await app.firstWindow({ timeout: 60_000 })
    const controls = await windowControls(page)
    return { page, ...controls, quit: () => app.close() }
  }
  const child: ChildProcess = spawn(target.executable, ['--remote-debugging-port=0'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const endpoint = await new Promise<string>((found, failed) => {
    let seen = ''
    const timer = setTimeout(() => failed(new Error(`the packaged app printed no DevTools address within 60 s:\n${seen}`)), 60_000)
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen)
      if (match) {
        clearTimeout(timer)
        found(match[1]!)
      }
    })
    child.once('exit', (code) => failed(new Error(`the packaged app exited (${code}) before opening a window:\n${seen}`)))
  })
  const browser: Browser = await chromium.connectOverCDP(endpoint)
  const context = browser.contexts()[0]!
  const page = context.pages()[0] ?? (await context.waitForEvent('page', { timeout: 60_000 }))
  const controls = await windowControls(page)
  return {
    page,
    ...controls,
    quit: async () => {
      const session = await browser.newBrowserCDPSession()
      await session.send('Browser.close').catch(() => undefined)
      await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))])
      if (child.exitCode === null) child.kill()
    },
  }
}

async function enterTraining(page: Page): Promise<void> {
  await page.getByTestId('start-training').click()
  await page.getByTestId('shell').waitFor({ timeout: 60_000 })
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim()

const target = findTarget()

it(
  'starts, books in training mode, keeps the booking over a restart, has no Node in the page, and stays a single instance',
  { timeout: 600_000 },
  async ({ skip }) => {
    if ('missing' in target) {
      // Asked to test a packaged app that is not there: that is a failure, not a skip.
      if (process.env.MOSTRADOR_APP_PATH) throw new Error(target.missing)
      console.log(`electron smoke test skipped: ${target.missing}`)
      skip(target.missing)
      return
    }
    const home = mkdtempSync(join(tmpdir(), 'mostrador-electron-'))
    const env = profileEnv(home)
    const reference = `Smoke ${Date.now()}`
    let running: Running | undefined
    try {
      running = await launch(target, env)
      let { page } = running
      // First start: no profile yet, so the sign-in screen with its Training mode button.
      await page.getByTestId('sign-in').waitFor({ timeout: 60_000 })
      await enterTraining(page)

      // New booking: a destination, one scanned code, saved.
      await page.getByTestId('menu-newBooking').click()
      await page.getByTestId('newBooking-view').waitFor()
      const scanBox = page.getByTestId('booking-scan').locator('input')
      await expect.poll(() => scanBox.isEnabled(), { timeout: 30_000 }).toBe(true)
      await page.getByTestId('booking-destination').click()
      await page.locator('.n-base-select-option').first().click()
      await page.getByTestId('booking-reference').locator('input').fill(reference)
      await scanBox.click()
      await page.keyboard.type(bookingFacts[101].stockedItem.code, { delay: 5 })
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('booking-line').count(), { timeout: 30_000 }).toBe(1)
      await page.getByTestId('booking-save').click()
      await expect.poll(() => page.getByTestId('booking-line').count(), { timeout: 30_000 }).toBe(0)

      // The page is a web page and nothing more: no Node, no require.
      const globals = await page.evaluate(() => {
        // In the page, globalThis is window; the names are looked up the way page code (or an injected script) would.
        const scope = globalThis as unknown as Record<string, unknown>
        const window = scope.window as Record<string, unknown>
        return {
          windowRequire: typeof window.require,
          process: typeof scope.process,
          require: typeof scope.require,
          module: typeof scope.module,
        }
      })
      expect(globals).toEqual({ windowRequire: 'undefined', process: 'undefined', require: 'undefined', module: 'undefined' })

      // A second launch on the same profile brings the first window forward and exits.
      await running.minimize()
      await expect.poll(() => running!.windowState()).toBe('minimized')
      const second = spawn(target.executable, target.args, { env, stdio: 'ignore' })
      const secondExit = await new Promise<number | null>((done) => {
        const timer = setTimeout(() => {
          second.kill()
          done(-1)
        }, 30_000)
        second.once('exit', (code) => {
          clearTimeout(timer)
          done(code)
        })
      })
      expect(secondExit, 'the second instance exits by itself').toBe(0)
      await expect.poll(() => running!.windowState(), { timeout: 10_000 }).not.toBe('minimized')
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { document: { hasFocus(): boolean } }).document.hasFocus()), {
          timeout: 10_000,
        })
        .toBe(true)

      await running.quit()
      running = undefined

      // Started again: the booking is still there.
      running = await launch(target, env)
      page = running.page
      await Promise.race([page.getByTestId('sign-in').waitFor({ timeout: 60_000 }), page.getByTestId('shell').waitFor({ timeout: 60_000 })])
      if (await page.getByTestId('sign-in').isVisible()) await enterTraining(page)
      await page.getByTestId('menu-bookings').click()
      await page.getByTestId('bookings-view').waitFor()
      const row = page.locator('[data-testid="booking-row"]', { hasText: reference })
      await row.waitFor({ timeout: 30_000 })
      expect(await text(page, 'profile-name')).not.toBe('')

      await running.quit()
      running = undefined
    } finally {
      await running?.quit().catch(() => undefined)
      rmSync(home, { recursive: true, force: true })
    }
  },
)
