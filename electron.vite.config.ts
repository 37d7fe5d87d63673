import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

// The path aliases, also in tsconfig.base.json (paths) and vitest.config.mts.
export const alias = {
  '@base': resolve(__dirname, 'src-base'),
  '@shared': resolve(__dirname, 'src-shared'),
  '@core': resolve(__dirname, 'src-main/core'),
  '@sandbox': resolve(__dirname, 'src-sandbox'),
  '@renderer': resolve(__dirname, 'src-renderer'),
}

// electron-vite's three builds. The main build has two extra Node entries (the
// CLI and the browser host) that run the same core under plain Node.
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/main.ts'),
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
          host: resolve(__dirname, 'src-main/host/main.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        // A sandboxed preload cannot load ES modules or require anything but
        // electron, so it is one self-contained CommonJS file: every package
        // it reaches (zod, date-fns through the shared contract) is bundled.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
      externalizeDeps: false,
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias },
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-renderer/index.html') },
        // Automatic splitting leaves dozens of tiny common chunks (one per set of screens sharing a module):
        // the counter's first screen fetched 67 files, a waterfall through the browser host's six connections.
        // Those under 64 kB are copied into the chunks that use them instead (the copies share one module
        // state through rolldown's runtime): New booking's first start fetches 14 files instead of 67 (29 with
        // 16 kB, ~40 ms slower at p50 in interleaved cold loads: each file is a request through the host's six
        // connections). The price is bytes: 3.7 MB of assets instead of 3.4, and visiting every other screen
        // after it fetches 385 kB instead of 305 (test/bench/shell/coldLoad.bench.ts). It needs the entry's
        // unused exports dropped.
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 64 * 1024 } } },
      },
      // electron-vite leaves the renderer unminified; minified, the first screen's scripts are a third of the
      // size and parse and compile in a fraction of the time (test/bench/shell/coldLoad.bench.ts).
      minify: true,
      // For reading a profile by source (test/bench/shell/coldLoad.bench.ts, MOSTRADOR_PROFILE); never shipped.
      sourcemap: process.env.MOSTRADOR_SOURCEMAPS === '1',
    },
    plugins: [vue()],
  },
})
