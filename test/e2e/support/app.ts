import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, inject } from 'vitest'
import { launchBrowserHost } from '../../../src-main/host/launchBrowserHost'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import type { TrainingService } from '@base/training'
import { screenshot } from './artifacts'
import { requestInApp } from './requests'
import { fakeCameraArgs, launchChromium, newContextIn, type ChromiumKind, type LaunchedBrowser } from './browser'

export interface RunningApp {
  page: Page
  dataDir: string
  /** Console errors and uncaught exceptions seen in the page (a CSP violation shows up here). */
  problems: string[]
  /** Stops the training service (as if the network went away); only with `stoppableTraining`. */
  stopTrainingService(): Promise<void>
  /** The training service's address and the demo user's credentials, to act on the service beside the app; starts it again (at the same address) after a stop. */
  trainingService(): Promise<TrainingService>
  /**
   * Stops the host without a word to the page (as a crash or a closed app would) and starts a new one on the
   * same data folder, keychain and address, then loads the app again: what the clerk finds after a restart.
   * `between` runs while no host is up (e.g. what a power cut does to the data folder).
   */
  restartHost(between?: () => void): Promise<void>
  close(): Promise<void>
}

export interface AppOptions {
  training?: boolean
  /** Keep a handle on the training service so the test can stop it. */
  stoppableTraining?: boolean
  /**
   * The stations' first-run tours: 'seen' (the default) so a test that chooses a station lands on its screen
   * with nothing over it; 'unseen' for a test of the tour itself (what a new computer shows).
   */
  tours?: 'seen' | 'unseen'
  /** Which Chromium shows the app (see ChromiumKind); the whole browser unless told. */
  chromium?: ChromiumKind
  /** A fake camera device, granted without asking (the tests of taking a picture). */
  fakeCamera?: boolean
}

/**
 * The page's route, the dialogs on screen, the outbox's entries and the page's errors when a test failed: enough to
 * tell a lost click from a navigation that failed or a stuck push.
 */
async function failureContext(page: Page, problems: readonly string[]): Promise<string> {
  const dialogs = await page
    .locator('.n-modal-container .n-dialog, .n-modal-container .n-card')
    .allInnerTexts()
    .catch((err: unknown) => [`(unreadable: ${String(err)})`])
  const outbox = await requestInApp(page, 'outbox.list')
    .then((entries) =>
      entries.map(
        (e) =>
          `#${e.seq} ${e.op} ${e.state} attempts=${e.attempts}${e.lastError ? ` ${e.lastError.code}: ${e.lastError.detail ?? ''}` : ''}`,
      ),
    )
    .catch((err: unknown) => [`(unreadable: ${String(err)})`])
  const sync = await requestInApp(page, 'sync.status')
    .then((status) => JSON.stringify(status))
    .catch((err: unknown) => `(unreadable: ${String(err)})`)
  return [
    `Route: ${page.url().replace(/^[^#]*/, '')}`,
    `On screen, dialogs: ${JSON.stringify(dialogs)}`,
    `Outbox: ${outbox.join('; ') || 'empty'}`,
    `Sync: ${sync}`,
    `Page errors: ${problems.join('; ') || 'none'}`,
  ].join('\n')
}

/** Writes the settings of a computer whose first-run tours were all shown (src-main/core/settingsStore.ts), everything else its default. */
export function markToursSeen(dataDir: string): void {
  const preferences = { theme: 'system', language: null, toursSeen: ['counter', 'warehouse', 'backOffice'] }
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ preferences }))
}

/**
 * A context in the run's shared Chromium where the e2e project launched one (chromiumServer.ts), else a browser
 * of its own: always for a fake camera, whose flags are the whole browser's.
 */
function openBrowser(kind: ChromiumKind = 'browser', fakeCamera: boolean): Promise<LaunchedBrowser> {
  const shared = kind === 'browser' && !fakeCamera ? inject('chromiumEndpoint') : undefined
  return shared ? newContextIn(shared) : launchChromium(kind, fakeCamera ? fakeCameraArgs : [])
}

/**
 * The real renderer in Chromium, talking to the real core through the browser
 * host, with a fresh data folder, an in-memory keychain and a fresh browser context per call.
 */
export async function openApp(options: AppOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-'))
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })]
  async function close(): Promise<void> {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    if ((options.tours ?? 'seen') === 'seen') markToursSeen(dataDir)
    const secrets = new MemorySecretStore()
    let host = await launchBrowserHost({ dataDir, secrets, training: options.training ?? true })
    const stopTrainingService = async (): Promise<void> => {
      if (!options.stoppableTraining || !host.training)
        throw new Error('open the app with { stoppableTraining: true } to stop its training service')
      await host.training.stop()
    }
    const trainingService = async (): Promise<TrainingService> => {
      if (!host.training) throw new Error('the app was opened without training mode')
      return host.training.start()
    }
    cleanups.push(() => host.close())
    const browser = await openBrowser(options.chromium, options.fakeCamera ?? false)
    cleanups.push(() => browser.close())
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    const problems: string[] = []
    page.on('console', (message) => {
      // A failed load names no address in its text; the address says whether it was expected (see knownNoise).
      if (message.type() === 'error')
        problems.push(`console: ${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`)
    })
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`))
    await page.goto(host.url)
    const restartHost = async (between?: () => void): Promise<void> => {
      const port = Number(new URL(host.url).port)
      // Off the page first: the host's close waits for the page's event stream to end. The page gets no
      // chance to write anything (the app keeps nothing on unload), so this is what a kill leaves behind.
      await page.goto('about:blank')
      await host.close()
      between?.()
      // The same address: the page's origin (and what it keeps in the browser) stays the same, as in the app.
      host = await launchBrowserHost({ dataDir, secrets, training: options.training ?? true, port })
      await page.goto(host.url)
    }
    return { page, dataDir, problems, stopTrainingService, trainingService, restartHost, close }
  } catch (err) {
    await close()
    throw err
  }
}

/**
 * A fresh app for each test of the file. A failing test leaves a screenshot
 * named after it in the artifacts folder, to see what the user would have seen.
 */
export function useFreshApp(options: AppOptions = {}): () => RunningApp {
  let app: RunningApp | null = null
  beforeEach(async () => {
    app = await openApp(options)
  })
  afterEach(async (context) => {
    if (!app) return
    if (context.task.result?.state === 'fail') {
      await screenshot(app.page, `failed-${context.task.name}`).catch(() => undefined)
      // CI shows the failure's message and little else: what was on screen and in the outbox goes with it.
      const error = context.task.result.errors?.[0]
      if (error) error.message += `\n${await failureContext(app.page, app.problems)}`
    }
    await app.close()
    app = null
  })
  return () => {
    if (!app) throw new Error('the app is opened in beforeEach')
    return app
  }
}
