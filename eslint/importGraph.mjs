// The project's import graph as the layer and cycle rules see it (issue 31, item 1): a specifier resolved to a file
// of the tree through the path aliases (tsconfig.base.json, electron.vite.config.ts, vitest.config.mts), and the
// specifiers of a file on disk read without parsing it.
import { readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const aliases = [
  ['@base', 'src-base'],
  ['@core', 'src-main/core'],
  ['@sandbox', 'src-sandbox'],
  ['@shared', 'src-shared'],
  ['@renderer', 'src-renderer'],
]
const extensions = ['', '.ts', '.mts', '.d.ts', '.vue', '/index.ts']

const isFile = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false

/** The tree's path (relative to the root, with `/`) of an absolute file name. */
export const treePath = (file) => relative(root, file).split(sep).join('/')

/** The tree file a specifier names from `file` (absolute), or null for a package or nothing found. */
export function resolveImport(file, specifier) {
  const bare = specifier.replace(/\?.*$/, '')
  const alias = aliases.find(([name]) => bare === name || bare.startsWith(`${name}/`))
  let base
  if (alias) base = join(root, alias[1], bare.slice(alias[0].length))
  else if (bare.startsWith('.')) base = resolve(dirname(file), bare)
  else return null
  const found = extensions.map((ext) => base + ext).find(isFile)
  return found ? treePath(found) : null
}

// import … from, export … from, import 'x', import('x'); `import type` is an import like any other.
const specifiers =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${},\s]*?\sfrom\s*)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g

const onDisk = new Map()

/** The tree files a file on disk imports (cached by modification time for the length of the lint run). */
export function importsOnDisk(path) {
  const file = join(root, path)
  const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs
  if (mtime === undefined) return []
  const known = onDisk.get(path)
  if (known?.mtime === mtime) return known.targets
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
  const targets = [...text.matchAll(specifiers)].map((m) => resolveImport(file, m[1] ?? m[2])).filter((t) => t !== null)
  onDisk.set(path, { mtime, targets })
  return targets
}
