#!/usr/bin/env node
// Rewrites import specifiers across the tree after files moved (issue 13, "areas, not kinds").
// Re-runnable and idempotent: run it after merging a branch that still imports old paths.
//
//   node scripts/rewrite-imports.mjs           rewrite in place and list what changed
//   node scripts/rewrite-imports.mjs --check   list what would change; exit 1 if anything would
//   node scripts/rewrite-imports.mjs --relative-only   follow moves, write no alias
//
// For every import/export/require/vi.mock/import() specifier that is relative or starts with an alias:
//  1. resolve it against the file's folder; if nothing is there and the file itself was moved (MOVES),
//     resolve it against the file's old folder (a file `git mv`ed before this script ran);
//  2. if the target is gone, follow MOVES (old path -> new path) to where it lives now;
//  3. write it back: through an alias (ALIASES) when the target lies under an alias in another root than the
//     file, or when the relative form would climb three folders or more (`../../..`); relative otherwise.
// Specifiers it cannot resolve are left alone and listed, so nothing is guessed.
// Scripts run by plain node (scripts/, bin/, root configs) never get an alias: only relative paths there.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

// Aliases, also declared in tsconfig.base.json (paths), electron.vite.config.ts and vitest.config.mts.
// Longest first: a path takes the most specific alias.
export const ALIASES = [
  ['@base', 'src-base'],
  ['@core', 'src-main/core'],
  ['@sandbox', 'src-sandbox'],
  ['@shared', 'src-shared'],
  ['@renderer', 'src-renderer'],
]

// Moves made by issue 13 and 31 (old -> new, repo-relative). A folder ends with '/'. Exact files win over folders.
export const MOVES = [
  // Issue 31: what the core and the sandbox both need, in neither of them.
  ['src-main/core/cache/sqlite.ts', 'src-base/sqlite.ts'],
  ['src-main/core/training.ts', 'src-base/training.ts'],
  ['src-main/sandbox/', 'src-sandbox/'],
  ['src-renderer/catalogue/', 'src-renderer/areas/catalogue/'],
  ['src-renderer/components/catalogue/', 'src-renderer/areas/catalogue/components/'],
  ['src-renderer/views/catalogue/', 'src-renderer/areas/catalogue/views/'],
  ['src-renderer/composables/useCatalogueRows.ts', 'src-renderer/areas/catalogue/useCatalogueRows.ts'],
  ['src-renderer/i18n/es/bundleMedia.ts', 'src-renderer/areas/catalogue/i18n/bundleMedia.es.ts'],
  ['src-renderer/i18n/en/bundleMedia.ts', 'src-renderer/areas/catalogue/i18n/bundleMedia.en.ts'],
  ['src-renderer/counter/', 'src-renderer/areas/counter/'],
  ['src-renderer/components/counter/', 'src-renderer/areas/counter/components/'],
  ['src-renderer/views/counter/', 'src-renderer/areas/counter/views/'],
  ['src-renderer/i18n/es/counter.ts', 'src-renderer/areas/counter/i18n/es.ts'],
  ['src-renderer/i18n/en/counter.ts', 'src-renderer/areas/counter/i18n/en.ts'],
  ['src-renderer/sync/outboxGroups.ts', 'src-renderer/areas/counter/outboxGroups.ts'],
  ['src-renderer/components/sync/OutboxTable.vue', 'src-renderer/areas/counter/components/OutboxTable.vue'],
  ['src-renderer/dispatch/', 'src-renderer/areas/dispatch/'],
  ['src-renderer/components/dispatch/', 'src-renderer/areas/dispatch/components/'],
  ['src-renderer/views/dispatch/', 'src-renderer/areas/dispatch/views/'],
  ['src-renderer/i18n/es/dispatch.ts', 'src-renderer/areas/dispatch/i18n/es.ts'],
  ['src-renderer/i18n/en/dispatch.ts', 'src-renderer/areas/dispatch/i18n/en.ts'],
  ['src-renderer/purchasing/', 'src-renderer/areas/purchasing/'],
  ['src-renderer/components/purchasing/', 'src-renderer/areas/purchasing/components/'],
  ['src-renderer/views/purchasing/', 'src-renderer/areas/purchasing/views/'],
  ['src-renderer/components/admin/', 'src-renderer/areas/admin/components/'],
  ['src-renderer/views/admin/', 'src-renderer/areas/admin/views/'],
  ['src-renderer/views/ProfileView.vue', 'src-renderer/areas/admin/views/ProfileView.vue'],
  ['src-renderer/views/CompanyView.vue', 'src-renderer/areas/admin/views/CompanyView.vue'],
  ['src-renderer/views/ShellLayout.vue', 'src-renderer/shell/ShellLayout.vue'],
  ['src-renderer/views/SignInView.vue', 'src-renderer/shell/SignInView.vue'],
  ['src-renderer/views/ComingSoonView.vue', 'src-renderer/shell/ComingSoonView.vue'],
  ['src-renderer/components/print/', 'src-renderer/shell/print/'],
  ['src-renderer/components/AppHeader.vue', 'src-renderer/shell/AppHeader.vue'],
  ['src-renderer/components/BootScreen.vue', 'src-renderer/shell/BootScreen.vue'],
  ['src-renderer/components/LanguageSwitch.vue', 'src-renderer/shell/LanguageSwitch.vue'],
  ['src-renderer/components/ResetTrainingDialog.vue', 'src-renderer/shell/ResetTrainingDialog.vue'],
  ['src-renderer/components/SideMenu.vue', 'src-renderer/shell/SideMenu.vue'],
  ['src-renderer/components/StatusBar.vue', 'src-renderer/shell/StatusBar.vue'],
  ['src-renderer/components/SyncIndicator.vue', 'src-renderer/shell/SyncIndicator.vue'],
  ['src-renderer/components/ThemeSwitch.vue', 'src-renderer/shell/ThemeSwitch.vue'],
  ['src-renderer/components/TrainingBanner.vue', 'src-renderer/shell/TrainingBanner.vue'],
  ['src-renderer/components/TrainingWatermark.vue', 'src-renderer/shell/TrainingWatermark.vue'],
  ['src-renderer/components/UserMenu.vue', 'src-renderer/shell/UserMenu.vue'],
  ['src-renderer/i18n/es/diagnostics.ts', 'src-renderer/shell/i18n/diagnostics.es.ts'],
  ['src-renderer/i18n/en/diagnostics.ts', 'src-renderer/shell/i18n/diagnostics.en.ts'],
  ['src-renderer/i18n/es/updates.ts', 'src-renderer/shell/i18n/updates.es.ts'],
  ['src-renderer/i18n/en/updates.ts', 'src-renderer/shell/i18n/updates.en.ts'],
  // Issue 31: what two areas (or an area and the shell) share, under the areas; the menu's entries in the shell.
  ['src-renderer/areas/catalogue/stores/catalogue.ts', 'src-renderer/stores/catalogue.ts'],
  ['src-renderer/areas/counter/stores/bookings.ts', 'src-renderer/stores/bookings.ts'],
  ['src-renderer/areas/counter/stores/counterDraft.ts', 'src-renderer/stores/counterDraft.ts'],
  ['src-renderer/areas/counter/stores/scanIndex.ts', 'src-renderer/stores/scanIndex.ts'],
  ['src-renderer/areas/counter/bookingDraft.ts', 'src-renderer/stores/bookingDraft.ts'],
  ['src-renderer/areas/counter/bookingsFilter.ts', 'src-renderer/stores/bookingsFilter.ts'],
  ['src-renderer/areas/counter/composables/useCounterReads.ts', 'src-renderer/composables/useCounterReads.ts'],
  ['src-renderer/areas/counter/components/ScanBox.vue', 'src-renderer/components/ScanBox.vue'],
  ['src-renderer/shell/useEntitySwitch.ts', 'src-renderer/composables/useEntitySwitch.ts'],
  ['src-renderer/shell/firstScreenReady.ts', 'src-renderer/composables/firstScreenReady.ts'],
  ['src-renderer/shell/screenTitle.ts', 'src-renderer/composables/screenTitle.ts'],
  ['src-renderer/shell/pageServiceOrigin.ts', 'src-renderer/stores/pageServiceOrigin.ts'],
  ['src-renderer/router/areas.ts', 'src-renderer/shell/areas.ts'],
]

const check = process.argv.includes('--check')
// --relative-only: follow the moves but write no alias (for a tree whose configs do not know the aliases).
const relativeOnly = process.argv.includes('--relative-only')
const sourceRoots = ['src-base', 'src-main', 'src-sandbox', 'src-renderer', 'src-shared', 'test', 'scripts', 'bin']
const rootFiles = ['electron.vite.config.ts', 'vitest.config.mts', 'eslint.config.mjs']
const extensions = ['.ts', '.mts', '.vue', '.d.ts', '.js', '.mjs', '.cjs', '.json']
const skipDirs = new Set(['node_modules', 'out', 'dist', 'artifacts', '.git'])
const noAlias = (file) => /^(scripts|bin)\//.test(file) || rootFiles.includes(file)

function walk(dir, out) {
  if (!existsSync(join(root, dir))) return out
  for (const name of readdirSync(join(root, dir))) {
    if (skipDirs.has(name)) continue
    const rel = posix.join(dir, name)
    const st = statSync(join(root, rel))
    if (st.isDirectory()) walk(rel, out)
    else if (/\.(ts|mts|cts|vue|mjs|cjs|js)$/.test(name)) out.push(rel)
  }
  return out
}

const isFile = (rel) => {
  try {
    return statSync(join(root, rel)).isFile()
  } catch {
    return false
  }
}

// The file a bare path names, as the bundler would find it (repo-relative), or undefined.
function findFile(rel) {
  if (isFile(rel)) return rel
  for (const ext of extensions) if (isFile(rel + ext)) return rel + ext
  for (const ext of extensions) if (isFile(`${rel}/index${ext}`)) return `${rel}/index${ext}`
  return undefined
}

function moved(rel, table) {
  for (const [from, to] of table) {
    if (from.endsWith('/')) continue
    if (rel === from) return to
    // An extensionless specifier names `from` through its extension: keep it extensionless.
    for (const ext of extensions) if (rel + ext === from && to.endsWith(ext)) return to.slice(0, -ext.length)
  }
  let best
  for (const [from, to] of table) {
    if (from.endsWith('/') && (rel + '/').startsWith(from) && (!best || from.length > best[0].length)) best = [from, to]
  }
  if (!best) return undefined
  // The folder itself (an index import) maps to the new folder without its trailing slash.
  return rel.length < best[0].length ? best[1].slice(0, -1) : best[1] + rel.slice(best[0].length)
}
const reverse = MOVES.map(([a, b]) => [b, a])

// Follows the moves until the path exists (a file may have moved twice).
function followMoves(rel) {
  let cur = rel
  for (let i = 0; i < 5; i++) {
    const found = findFile(cur)
    if (found) return { path: cur, file: found }
    const next = moved(cur, MOVES)
    if (!next) return undefined
    cur = next
  }
  return undefined
}

function aliasToPath(spec) {
  for (const [alias, dir] of ALIASES) {
    if (spec === alias) return dir
    if (spec.startsWith(alias + '/')) return dir + spec.slice(alias.length)
  }
  return undefined
}
function pathToAlias(rel) {
  for (const [alias, dir] of ALIASES) {
    if (rel === dir) return { alias, dir, spec: alias }
    if (rel.startsWith(dir + '/')) return { alias, dir, spec: alias + rel.slice(dir.length) }
  }
  return undefined
}
const rootOf = (rel) => pathToAlias(rel)?.dir ?? rel.split('/')[0]

function rewriteSpec(file, spec) {
  const q = spec.indexOf('?')
  const bare = q >= 0 ? spec.slice(0, q) : spec
  const query = q >= 0 ? spec.slice(q) : ''
  const viaAlias = aliasToPath(bare)
  if (!viaAlias && !bare.startsWith('./') && !bare.startsWith('../')) return spec
  const bases = [dirname(file)]
  const oldFile = moved(file, reverse)
  if (oldFile) bases.push(dirname(oldFile))
  let target
  for (const base of viaAlias ? ['.'] : bases) {
    const rel = viaAlias ?? posix.normalize(posix.join(base, bare))
    target = followMoves(rel)
    if (target) break
  }
  if (!target) return { unresolved: true }
  // Keep the specifier's own style: with or without extension, file or folder (index).
  const path = target.path
  const aliased = pathToAlias(path)
  let relSpec = posix.relative(dirname(file), path)
  if (!relSpec.startsWith('.')) relSpec = './' + relSpec
  const climbs = (relSpec.match(/\.\.\//g) ?? []).length
  const useAlias = aliased && !relativeOnly && !noAlias(file) && (rootOf(file) !== aliased.dir || climbs >= 3)
  return (useAlias ? aliased.spec : relSpec) + query
}

const specifier =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|unmock|importActual)(?:<[^>]*>)?\(\s*)(['"])([^'"\n]+)\2/g

const files = [...sourceRoots.flatMap((d) => walk(d, [])), ...rootFiles.filter(isFile)]
let changedFiles = 0
let changedSpecs = 0
const unresolved = []
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8')
  let count = 0
  const next = text.replace(specifier, (all, lead, quote, spec) => {
    const out = rewriteSpec(file, spec)
    if (typeof out === 'object') {
      if (spec.startsWith('.') || aliasToPath(spec)) unresolved.push(`${file}: ${spec}`)
      return all
    }
    if (out === spec) return all
    count++
    return `${lead}${quote}${out}${quote}`
  })
  if (count > 0) {
    changedFiles++
    changedSpecs += count
    if (!check) writeFileSync(join(root, file), next)
    console.log(`${check ? 'would rewrite' : 'rewrote'} ${count} in ${file}`)
  }
}
for (const u of unresolved) console.log(`unresolved (left as is): ${u}`)
console.log(`${changedSpecs} specifiers in ${changedFiles} files${check ? ' would change' : ' rewritten'}; ${unresolved.length} unresolved`)
if (check && changedSpecs > 0) process.exit(1)
