import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, it } from 'vitest'
import { launchBrowserHost } from '../../../src-main/host/launchBrowserHost'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import { launchChromium, type LaunchedBrowser } from '../../e2e/support/browser'
import { startTraining } from '../../e2e/support/actions'
import { markToursSeen } from '../../e2e/support/app'
import { openCatalogueWithRows } from '../../e2e/support/catalogue'
import { percentile, report } from '../support/measure'
import { timeBySource, topLines, type CpuProfile } from '../support/cpuProfile'

// The renderer's cold load: from navigation to the first screen ready for
// input, in Chromium through the browser host, with the browser's cache
// emptied before each load (every script and style fetched, parsed and
// compiled again, as on the first start; a load that took a script from a
// cache fails the bench). Not DevTools' "cache disabled": that needs its
// network domain on, whose bookkeeping of every request (the script's stack
// that asked for it, among others) runs on the page's main thread, ~25 ms of
// each load here that no user's computer runs. Two first screens: signed
// out, the sign-in form; signed in on a counter, the new-booking form with its
// scan box enabled. "Ready" is the first frame after the screen's input is in
// the DOM and enabled, timed in the page from navigation start. Baseline from
// the same run: navigating to a static file through the same host (the
// transport's share of any load).
//
// MOSTRADOR_PROFILE=1 adds one profiled cold load of New booking: its CPU profile is written to
// test/bench/artifacts/ (open it in Chromium's DevTools) and where its time went is printed by source,
// through source maps when the renderer was built with them (MOSTRADOR_SOURCEMAPS=1 npm run build).
const LOADS = 10
const artifacts = resolve(__dirname, '../artifacts')
const rendererAssets = resolve(__dirname, '../../../out/renderer/assets')

let host: Awaited<ReturnType<typeof launchBrowserHost>>
let browser: LaunchedBrowser
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mostrador-bench-'))
  // The counter's first-run tour would cover the screen being timed.
  markToursSeen(dataDir)
  host = await launchBrowserHost({ dataDir, secrets: new MemorySecretStore(), training: true })
  browser = await launchChromium()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * Records, from navigation start, when `selector` first matches an enabled element and the frame after it, and says
 * so on the console. The bench waits for that message rather than polling the page: Playwright's waitForFunction
 * evaluates its own script in the page while it loads, on the main thread the load needs (~14 ms more at p50).
 */
function watchFor({ selector, markInProfile, message }: { selector: string; markInProfile: boolean; message: string }): void {
  const w = window as unknown as { __ready?: [number, number] }
  // A profiled load marks the ready frame with a millisecond in a function of this name, where the summary stops.
  // The work is JavaScript of its own: a loop spent in performance.now() alone is sampled as '(program)', without this
  // function on the stack, and the summary then ran to the profile's end.
  const mostradorReadyMark = (): number => {
    const end = performance.now() + 2
    let sum = 0
    while (performance.now() < end) for (let i = 1; i < 2000; i++) sum += Math.sqrt(i)
    return sum
  }
  const check = (): boolean => {
    const el = document.querySelector(selector) as HTMLInputElement | null
    if (!el || el.disabled) return false
    const dom = performance.now()
    requestAnimationFrame(() => {
      w.__ready = [dom, performance.now()]
      if (markInProfile) mostradorReadyMark()
      console.debug(message)
    })
    return true
  }
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect()
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
}

/** The page's word that its first screen is ready (watchFor). */
const READY = 'mostrador:ready'
function readyMessage(page: Page): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === READY, timeout: 30_000 })
}

/** A CDP session on `page` after the browser's cache was emptied. */
async function emptiedCache(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  return cdp
}

async function coldLoad(
  page: Page,
  path: string,
  selector: string,
): Promise<{ dom: number; frame: number; fetched: number; firstRead: number; scripts: number; kB: number }> {
  await page.addInitScript(watchFor, { selector, markInProfile: false, message: READY })
  const cdp = await emptiedCache(page)
  const ready = readyMessage(page)
  await page.goto(host.url + path)
  await ready
  const [dom, frame] = await page.evaluate(() => (window as unknown as { __ready: [number, number] }).__ready)
  const { scripts, cached, bytes, fetched, firstRead } = await page.evaluate((ready) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const js = resources.filter((e) => e.name.endsWith('.js') && e.startTime < ready)
    return {
      scripts: js.length,
      // A script taken from a cache transfers nothing.
      cached: js.filter((e) => e.transferSize === 0).map((e) => e.name),
      bytes: js.reduce((sum, e) => sum + e.encodedBodySize, 0),
      fetched: Math.max(...js.map((e) => e.responseEnd)),
      // The app's own code has run (main.ts asks for the session and the preferences first).
      firstRead: Math.min(...resources.filter((e) => e.name.includes('/rpc/')).map((e) => e.startTime)),
    }
  }, dom)
  await cdp.detach()
  if (cached.length > 0) throw new Error(`Not a cold load: ${cached.join(', ')} came from a cache`)
  return { dom, frame, fetched, firstRead, scripts, kB: bytes / 1000 }
}

/** One more cold load of the screen, with the CPU profiled from navigation to ready. */
async function profiledLoad(page: Page, selector: string): Promise<CpuProfile> {
  await page.addInitScript(watchFor, { selector, markInProfile: true, message: READY })
  const cdp = await emptiedCache(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const ready = readyMessage(page)
  await page.goto(host.url)
  await ready
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  return profile as CpuProfile
}

async function staticFileLoad(page: Page): Promise<number> {
  const cdp = await emptiedCache(page)
  await page.goto(host.url + 'favicon.svg')
  const ms = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd)
  await cdp.detach()
  return ms
}

async function series(
  path: string,
  selector: string,
): Promise<{ dom: number[]; frame: number[]; fetched: number[]; firstRead: number[]; scripts: number; kB: number }> {
  const dom: number[] = []
  const frame: number[] = []
  const fetched: number[] = []
  const firstRead: number[] = []
  let last = { scripts: 0, kB: 0 }
  for (let i = 0; i < LOADS + 2; i++) {
    const page = await browser.context.newPage()
    const load = await coldLoad(page, path, selector)
    await page.close()
    if (i < 2) continue // the host's and the browser's first loads warm their own code paths
    dom.push(load.dom)
    frame.push(load.frame)
    fetched.push(load.fetched)
    firstRead.push(load.firstRead)
    last = load
  }
  return { dom, frame, fetched, firstRead, scripts: last.scripts, kB: last.kB }
}

it('measures navigation to the first screen ready for input', { timeout: 600_000 }, async () => {
  const base: number[] = []
  for (let i = 0; i < LOADS + 2; i++) {
    const page = await browser.context.newPage()
    const ms = await staticFileLoad(page)
    await page.close()
    if (i >= 2) base.push(ms)
  }
  const baseline = { name: 'static file through the host p50', value: percentile(base, 50) }

  const signIn = await series('', '[data-testid="signin-email"] input')

  // Signed in (training) on a computer chosen as a counter, catalogue pulled (it brings the agency that
  // enables the scan box): the app opens on the new-booking form.
  const page = browser.context.pages()[0] ?? (await browser.context.newPage())
  await page.goto(host.url)
  await startTraining(page)
  await page.getByTestId('station-counter').click()
  await page.getByTestId('newBooking-view').waitFor()
  await openCatalogueWithRows(page)
  const counter = await series('', '[data-testid="booking-scan"] input')

  report(`Cold load, Chromium through the browser host, cache emptied before each load (${LOADS} loads each)`, [
    { name: 'navigation → sign-in form ready, p50', value: percentile(signIn.frame, 50), unit: 'ms', baseline, goal: '≤ 500 ms' },
    { name: 'navigation → sign-in form ready, p99', value: percentile(signIn.frame, 99), unit: 'ms', goal: '≤ 500 ms' },
    { name: "  the app's first read sent, p50", value: percentile(signIn.firstRead, 50), unit: 'ms' },
    { name: '  its last script fetched, p50', value: percentile(signIn.fetched, 50), unit: 'ms' },
    { name: '  scripts loaded for it', value: signIn.scripts, unit: `files, ${signIn.kB.toFixed(0)} kB` },
    { name: 'navigation → new-booking form ready, p50', value: percentile(counter.frame, 50), unit: 'ms', baseline, goal: '≤ 500 ms' },
    { name: 'navigation → new-booking form ready, p99', value: percentile(counter.frame, 99), unit: 'ms', goal: '≤ 500 ms' },
    // The screen's code is asked for first (src-renderer/firstScreen.ts): it arrives while the app's own code runs.
    { name: "  the app's first read sent, p50", value: percentile(counter.firstRead, 50), unit: 'ms' },
    { name: '  its last script fetched, p50', value: percentile(counter.fetched, 50), unit: 'ms' },
    // After the last script arrived: the modules run, the shell and the form mount, and the form's first reads.
    {
      name: '  its last script fetched → ready, p50',
      value: percentile(
        counter.frame.map((f, i) => f - counter.fetched[i]!),
        50,
      ),
      unit: 'ms',
    },
    { name: '  scripts loaded for it', value: counter.scripts, unit: `files, ${counter.kB.toFixed(0)} kB` },
  ])

  if (process.env.MOSTRADOR_PROFILE) {
    const profiled = await browser.context.newPage()
    const profile = await profiledLoad(profiled, '[data-testid="booking-scan"] input')
    await profiled.close()
    mkdirSync(artifacts, { recursive: true })
    const file = join(artifacts, 'coldLoad-newBooking.cpuprofile')
    writeFileSync(file, JSON.stringify(profile))
    const times = timeBySource(profile, rendererAssets, 'mostradorReadyMark')
    const by = times.mapped ? 'source' : 'chunk (no source maps: build with MOSTRADOR_SOURCEMAPS=1)'
    process.stdout.write(
      [
        `\n== One profiled cold load of New booking (${file}), by ${by}, up to its ready frame (${times.untilMs.toFixed(0)} ms)`,
        '-- own time',
        ...topLines(times.self, 25),
        '-- with what it called',
        ...topLines(times.inclusive, 25),
        '',
      ].join('\n'),
    )
  }
})
