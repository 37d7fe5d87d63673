#!/usr/bin/env node
/**
 * `npm run package:check`: verifies the packaging offline, where no Electron
 * binary can be downloaded. It builds the app, packs it with electron-builder's
 * `--linux dir` target against a stand-in Electron distribution (a script named
 * `electron` plus the files electron-builder copies), and runs the `package`
 * test project, which opens dist/linux-unpacked/resources/app.asar and checks
 * what is (and is not) inside. The fuse hook reports "fuses checked from
 * configuration" on the stand-in; with a real Electron it flips and reads them.
 *
 * Options: --no-build (reuse out/), --no-test (pack only).
 */
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = new Set(process.argv.slice(2))
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

function run(command, commandArgs, env = process.env, cwd = root) {
  console.log(`$ ${[command, ...commandArgs].join(' ')}`)
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`package:check: ${command} failed (exit ${result.status ?? result.signal})`)
    process.exit(1)
  }
}

/** Bytes under a path (a file or a folder), following no links. */
function sizeOf(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** A folder electron-builder accepts as `electronDist`: everything it copies, nothing that runs. */
export function makeStandInElectron(dir, version) {
  mkdirSync(dir, { recursive: true })
  const exe = join(dir, 'electron')
  writeFileSync(exe, '#!/bin/sh\necho "stand-in Electron for npm run package:check; it cannot run the app" >&2\nexit 1\n')
  chmodSync(exe, 0o755)
  writeFileSync(join(dir, 'version'), version)
  writeFileSync(join(dir, 'LICENSE'), "Stand-in for Electron's LICENSE (package:check)\n")
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>stand-in</title>\n')
  mkdirSync(join(dir, 'resources'), { recursive: true })
}

/**
 * electron-builder lists production dependencies with `npm ls`, which cannot
 * follow a node_modules that is a symbolic link to another checkout (as in the
 * team's git worktrees): it would pack the direct dependencies without theirs.
 * Then the project is packed from a staging folder whose node_modules is a copy
 * made of hard links (no data copied). A normal clone packs in place.
 */
function stageIfLinkedNodeModules(projectRoot, stage) {
  const nodeModules = join(projectRoot, 'node_modules')
  if (!lstatSync(nodeModules).isSymbolicLink()) return projectRoot
  console.log(`package:check: node_modules is a link; packing from ${stage} with a hard-linked copy of it`)
  mkdirSync(stage, { recursive: true })
  for (const entry of ['package.json', 'package-lock.json', 'electron-builder.yml', 'out', 'native', 'resources', 'scripts']) {
    if (existsSync(join(projectRoot, entry))) cpSync(join(projectRoot, entry), join(stage, entry), { recursive: true })
  }
  const copy = spawnSync('cp', ['-al', realpathSync(nodeModules), join(stage, 'node_modules')], { stdio: 'inherit' })
  if (copy.status !== 0) cpSync(realpathSync(nodeModules), join(stage, 'node_modules'), { recursive: true, verbatimSymlinks: true })
  return stage
}

const electronVersion = readJson(join(root, 'node_modules', 'electron', 'package.json')).version
const work = mkdtempSync(join(tmpdir(), 'mostrador-package-check-'))
const nativeDir = join(root, 'native', 'electron')
const nativeFile = join(nativeDir, 'better_sqlite3.node')
let madeStandInNative = false

try {
  if (!args.has('--no-build')) run('npm', ['run', '--silent', 'build'])

  if (!existsSync(nativeFile)) {
    // Without the internet there is no Electron build of better-sqlite3. The Node
    // build stands in so the layout can be checked; its build-info names no real
    // Electron, so nativeBinding.ts would refuse it, and it is removed afterwards.
    console.log('package:check: native/electron has no Electron build of better-sqlite3; packing a copy of the Node build as a stand-in')
    mkdirSync(nativeDir, { recursive: true })
    copyFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), nativeFile)
    const betterSqlite3 = readJson(join(root, 'node_modules', 'better-sqlite3', 'package.json')).version
    writeFileSync(
      join(nativeDir, 'build-info.json'),
      `${JSON.stringify({ electron: 'stand-in (Node build, package:check)', betterSqlite3, platform: process.platform, arch: process.arch }, null, 2)}\n`,
    )
    madeStandInNative = true
  }

  const electronDist = join(work, 'electron-dist')
  makeStandInElectron(electronDist, electronVersion)
  console.log(`package:check: stand-in Electron ${electronVersion} in ${electronDist}`)

  rmSync(join(root, 'dist', 'linux-unpacked'), { recursive: true, force: true })
  const projectDir = stageIfLinkedNodeModules(root, join(work, 'project'))
  const env = {
    ...process.env,
    // A writable cache of its own; --dir against electronDist downloads nothing into it.
    ELECTRON_BUILDER_CACHE: join(work, 'cache'),
    ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    // The feed URL only matters for installers; a --dir build still resolves the publish block.
    MOSTRADOR_UPDATE_URL: process.env.MOSTRADOR_UPDATE_URL || 'https://updates.invalid/mostrador',
  }
  run(
    bin('electron-builder'),
    [
      '--linux',
      'dir',
      '--publish',
      'never',
      `--projectDir=${projectDir}`,
      `--config.directories.output=${join(root, 'dist')}`,
      `--config.electronDist=${electronDist}`,
      '--config.npmRebuild=false',
      `--config.electronVersion=${electronVersion}`,
    ],
    env,
    projectDir,
  )

  const resources = join(root, 'dist', 'linux-unpacked', 'resources')
  const asar = join(resources, 'app.asar')
  const unpacked = join(resources, 'app.asar.unpacked')
  console.log(
    `package:check: app.asar ${mb(sizeOf(asar))}, app.asar.unpacked ${mb(sizeOf(unpacked))}, linux-unpacked (with the stand-in Electron, so without Electron's ~250 MB) ${mb(sizeOf(join(root, 'dist', 'linux-unpacked')))}`,
  )

  if (!args.has('--no-test')) run(bin('vitest'), ['run', '--project', 'package'])
} finally {
  rmSync(work, { recursive: true, force: true })
  if (madeStandInNative) rmSync(nativeDir, { recursive: true, force: true })
}
