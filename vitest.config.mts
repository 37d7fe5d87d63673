import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { mkdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { build, type Plugin } from 'vite'

// The path aliases, as in tsconfig.base.json and electron.vite.config.ts; every project gets them.
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url))
const resolve = {
  alias: {
    '@shared': at('./src-shared'),
    '@core': at('./src-main/core'),
    '@sandbox': at('./src-sandbox'),
    '@renderer': at('./src-renderer'),
  },
}

/**
 * electron-vite's `?modulePath` import for the tests: the module bundled on its own (as the app's build
 * does, src-main/core/services/sheetReader.ts), once per run, into node_modules/.cache so that its
 * packages resolve from the project's node_modules; the import gives its path, for a worker thread.
 */
function modulePathPlugin(root: string, alias: Record<string, string>): Plugin {
  const built = new Map<string, Promise<string>>()
  const outDir = join(root, 'node_modules', '.cache', 'mostrador-module-path')
  const bundle = async (file: string): Promise<string> => {
    mkdirSync(outDir, { recursive: true })
    const name = `${basename(file).replace(/\.\w+$/, '')}-${process.pid}.cjs`
    process.once('exit', () => rmSync(join(outDir, name), { force: true }))
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      resolve: { alias },
      build: {
        ssr: file,
        outDir,
        emptyOutDir: false,
        minify: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: name } },
      },
    })
    return join(outDir, name)
  }
  return {
    name: 'mostrador:module-path',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith('?modulePath')) return null
      const file = id.slice(0, -'?modulePath'.length)
      let path = built.get(file)
      if (!path) built.set(file, (path = bundle(file)))
      return `export default ${JSON.stringify(await path)}`
    },
  }
}

// A worker's own bundle, as electron-vite's `?modulePath` gives it in the app (the spreadsheet reader).
const plugins = [modulePathPlugin(at('.'), resolve.alias)]

// One project per suite so CI can run them separately and count them together.
const keychain = 'test/**/*.keychain.test.ts'
// Issue 11's flows: catalogue pull, counter refresh, bookings, dispatch, receptions, consolidates, dynamic tables.
const realServiceFlows = [
  'test/integration/core/{catalogue,counter,bookings,purchasing,administration,profile,lostWriteAnswers,deleteNotFound,syncProgress,bookingOrigin,storedByOlderVersion,refreshDuringPush}.test.ts',
  'test/integration/cli/{cli,purchasing,administration}.test.ts',
  // The counter screen's rules fed the same data as the core (they import renderer modules: tsconfig.renderer-tests.json).
  'test/integration/counterScreen/*.test.ts',
]
export default defineConfig({
  test: {
    projects: [
      { resolve, plugins, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: [keychain], environment: 'node' } },
      {
        resolve,
        plugins,
        test: {
          name: 'integration',
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
          fileParallelism: false,
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
