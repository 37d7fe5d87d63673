import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { modulePathPlugin } from './test/support/modulePathPlugin'

// The path aliases, as in tsconfig.base.json and electron.vite.config.ts; every project gets them.
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url))
const resolve = {
  alias: {
    '@base': at('./src-base'),
    '@shared': at('./src-shared'),
    '@core': at('./src-main/core'),
    '@sandbox': at('./src-sandbox'),
    '@renderer': at('./src-renderer'),
  },
}

// A worker's own bundle, as electron-vite's `?modulePath` gives it in the app (the spreadsheet reader).
const plugins = [modulePathPlugin(at('.'), resolve.alias)]

// One project per suite so CI can run them separately and count them together.
const keychain = 'test/**/*.keychain.test.ts'
const unitIsolated = ['test/unit/{renderer,electron,packaging}/**/*.test.ts']
// Issue 11's flows: catalogue pull, counter refresh, bookings, dispatch, receptions, consolidates, dynamic tables;
// issue 29: every write flow (bundle images too) against REST answers cut to the documented fields.
const realServiceFlows = [
  'test/integration/core/{catalogue,counter,bookings,purchasing,purchasingAsDocumented,administration,bundleImages,profile,lostWriteAnswers,deleteNotFound,transitDelivery,syncProgress,bookingOrigin,storedByOlderVersion,refreshDuringPush}.test.ts',
  'test/integration/cli/{cli,purchasing,administration}.test.ts',
  // The counter screen's rules fed the same data as the core (they import renderer modules: tsconfig.renderer-tests.json).
  'test/integration/counterScreen/*.test.ts',
]
// The folders a file's tests made with tempDirInTest (fake cores), removed when the file ends (test/support/tempDir.ts).
const removeTempDirs = ['test/support/tempDirCleanup.ts']
// Most suites wait more than they compute (real HTTP, timers, a browser): vitest's default of one worker less than the
// processors ran one file at a time on CI's two, half the machine idle (the suites took 1048 s there, 698 s with two).
const maxWorkers = Math.max(2, availableParallelism())
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      // The core, sandbox, shared, CLI and lint tests share one module graph a worker (isolate: false): each service
      // test imports the whole core through the fake api, again for every file. They mock no module and restore what
      // they change (timers).
      {
        resolve,
        plugins,
        test: {
          name: 'unit',
          setupFiles: removeTempDirs,
          include: ['test/unit/**/*.test.ts'],
          exclude: [keychain, ...unitIsolated],
          environment: 'node',
          isolate: false,
        },
      },
      // The files that mock modules (vi.mock: the renderer's API client, Electron) or render components (happy-dom
      // per file, Vue's plugin): each in a module graph of its own.
      {
        resolve,
        plugins: [vue(), ...plugins],
        test: { name: 'unit-isolated', setupFiles: removeTempDirs, include: unitIsolated, environment: 'node' },
      },
      {
        resolve,
        plugins,
        test: {
          name: 'integration',
          setupFiles: removeTempDirs,
          include: ['test/integration/**/*.test.ts'],
          exclude: [keychain],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same flows against the sandbox with its extensions off: only what the real service offers
      // (src-main/core/api/schema/realService.graphql). The client must work there, with less detail.
      {
        resolve,
        plugins,
        test: {
          name: 'integration-real',
          setupFiles: removeTempDirs,
          include: realServiceFlows,
          environment: 'node',
          env: { MOSTRADOR_SANDBOX_EXTENSIONS: 'off' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Issue 28's fault campaign: each fault a real shop meets (a fast clock, identical bookings, two
      // processes, a damaged disk, a hostile page, a trickling answer, bad input), one test each, and a fleet.
      {
        resolve,
        plugins,
        test: {
          name: 'faults',
          setupFiles: removeTempDirs,
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      { resolve, plugins, test: { name: 'security', include: ['test/security/**/*.test.ts'], environment: 'node' } },
      { resolve, plugins, test: { name: 'keychain', include: [keychain], environment: 'node', testTimeout: 30_000 } },
      {
        resolve,
        plugins: [vue(), ...plugins],
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: each waits for its page much of the time (the whole project took 1456 s one file at a
          // time on CI's two processors, 1250–1305 s two by two; each file is slower beside another, Chromium's
          // rendering being much of the work). One Chromium for the run (each app gets a fresh context in it) and one
          // module graph a worker (no test keeps state in a module): a launch and a file's imports cost seconds each.
          maxWorkers: 2,
          globalSetup: ['test/e2e/support/chromiumServer.ts'],
          isolate: false,
          // A screen on a loaded CI machine may take seconds to settle; vitest's 1 s default made waits flaky.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      // What `npm run package:check` packed (dist/linux-unpacked); run by that script, after packing.
      { resolve, test: { name: 'package', include: ['test/package/**/*.test.ts'], environment: 'node' } },
      // The real Electron app (test/electron); skipped with the reason where no Electron binary exists. `npm run test:electron`.
      {
        resolve,
        test: {
          name: 'electron',
          include: ['test/electron/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // Benchmarks measure and print; they never fail on a time. `npm run bench`.
      {
        resolve,
        plugins,
        test: {
          name: 'bench',
          include: ['test/bench/**/*.bench.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
