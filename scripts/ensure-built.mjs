// Builds the app (electron-vite build) unless out/ is newer than every source
// file, so `npm run serve`, `npm run cli` and the end-to-end tests always run
// what the sources say without paying for a build each time.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outputs = ['out/main/index.js', 'out/main/cli.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const sources = ['src-shared', 'src-main', 'src-sandbox', 'src-renderer', 'resources', 'electron.vite.config.ts', 'package.json']

function newest(path) {
  const full = join(root, path)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))))
}

const missing = outputs.filter((o) => !existsSync(join(root, o)))
const builtAt = missing.length ? 0 : Math.min(...outputs.map((o) => statSync(join(root, o)).mtimeMs))
if (missing.length || Math.max(...sources.map(newest)) > builtAt) {
  process.stderr.write('Building the app (electron-vite build)…\n')
  execFileSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}
