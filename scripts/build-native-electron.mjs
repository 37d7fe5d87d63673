#!/usr/bin/env node
/**
 * Builds better-sqlite3 for the installed Electron into native/electron/,
 * leaving node_modules/better-sqlite3/build alone: that one stays compiled for
 * Node, for the tests and the CLI. The work happens on a copy of the package in
 * a temporary folder. First a prebuilt binary for Electron's ABI is tried (no
 * compiler needed); failing that, node-gyp compiles against Electron's headers.
 * Both need the internet the first time; without it the script says so and
 * exits 1 within seconds. When native/electron already holds a build for this
 * Electron and better-sqlite3, it does nothing.
 *
 * Usage: node scripts/build-native-electron.mjs [--out DIR] [--dist-url URL] [--no-prebuilt]
 */
import { spawn } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

// Must match src-main/electron/nativeBinding.ts (a test compares them).
export const electronNativeDir = join('native', 'electron')
export const electronNativeFile = 'better_sqlite3.node'
export const electronBuildInfoFile = 'build-info.json'
export const defaultDistUrl = 'https://electronjs.org/headers'

const prebuiltTimeoutMs = 120_000
const probeTimeoutMs = 15_000

export function parseArgs(argv) {
  const options = { out: undefined, distUrl: defaultDistUrl, prebuilt: true }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${arg} needs a value`)
      return next
    }
    if (arg === '--out') options.out = value()
    else if (arg === '--dist-url') options.distUrl = value().replace(/\/+$/, '')
    else if (arg === '--no-prebuilt') options.prebuilt = false
    else throw new Error(`unknown option ${arg}`)
  }
  return options
}

/** What a build is for; recorded next to the binary and compared on the next run. */
export function expectedBuild({ electron, betterSqlite3, platform, arch }) {
  return { electron, betterSqlite3, platform, arch }
}

export function isUpToDate(recorded, expected) {
  if (!recorded || typeof recorded !== 'object') return false
  return Object.entries(expected).every(([key, value]) => recorded[key] === value)
}

/**
 * The environment for the build tools. npm passes its config down as
 * npm_config_*; a `nodedir` there (set on some machines for offline Node
 * headers) would make node-gyp compile against Node instead of Electron and
 * produce a binary that crashes Electron, so it and its relatives are dropped.
 */
export function buildEnv(env) {
  const drop = new Set([
    'npm_config_nodedir',
    'npm_config_target',
    'npm_config_runtime',
    'npm_config_disturl',
    'npm_config_dist_url',
    'npm_config_build_from_source',
  ])
  const out = {}
  for (const [key, value] of Object.entries(env)) {
    if (!drop.has(key.toLowerCase())) out[key] = value
  }
  return out
}

/** The address node-gyp fetches first; probed so a machine offline fails fast and clearly. */
export function headersProbeUrl(distUrl, electron) {
  return `${distUrl}/v${electron}/SHASUMS256.txt`
}

/** node-gyp keeps Electron's headers apart from Node's, like @electron/rebuild does. */
export function electronGypDir() {
  return join(homedir(), '.electron-gyp')
}

/** npm's own node-gyp, which every npm install carries; or a project-local one. */
export function findNodeGyp(env, root, exists = existsSync) {
  const candidates = []
  if (env.npm_config_node_gyp) candidates.push(env.npm_config_node_gyp)
  if (env.npm_execpath) candidates.push(join(dirname(env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'))
  candidates.push(join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'))
  candidates.push(join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'))
  return candidates.find((candidate) => exists(candidate))
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'))
}

function run(command, args, { cwd, env, timeoutMs }) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] })
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGTERM'), timeoutMs) : undefined
    child.on('error', (error) => {
      clearTimeout(timer)
      resolvePromise({ code: -1, error })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolvePromise({ code: code ?? -1, signal })
    })
  })
}

async function probe(url) {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(probeTimeoutMs), redirect: 'follow' })
    return response.ok ? null : `HTTP ${response.status}`
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.name
    return `${error?.message ?? error}${cause ? ` (${cause})` : ''}`
  }
}

class BuildError extends Error {}

export async function buildNativeElectron({ root, options, env = process.env, log = console.log }) {
  const electron = readJson(join(root, 'node_modules', 'electron', 'package.json')).version
  const sqlitePackage = join(root, 'node_modules', 'better-sqlite3')
  const betterSqlite3 = readJson(join(sqlitePackage, 'package.json')).version
  const expected = expectedBuild({ electron, betterSqlite3, platform: process.platform, arch: process.arch })

  const outDir = resolve(root, options.out ?? electronNativeDir)
  const binary = join(outDir, electronNativeFile)
  const infoFile = join(outDir, electronBuildInfoFile)
  if (alreadyBuilt(binary, infoFile, expected)) {
    log(`better-sqlite3 ${betterSqlite3} for Electron ${electron} is already built in ${outDir}`)
    return { built: false, binary }
  }

  log(`Building better-sqlite3 ${betterSqlite3} for Electron ${electron} (${process.platform}-${process.arch}) into ${outDir}`)
  const work = mkdtempSync(join(tmpdir(), 'mostrador-sqlite-electron-'))
  try {
    const copy = join(work, 'better-sqlite3')
    // The Node build and its intermediates stay behind; the copy starts clean.
    const nodeBuild = join(sqlitePackage, 'build')
    cpSync(sqlitePackage, copy, { recursive: true, filter: (src) => src !== nodeBuild && !src.startsWith(nodeBuild + sep) })
    const build = {
      root,
      options,
      env,
      log,
      electron,
      copy,
      childEnv: buildEnv(env),
      built: join(copy, 'build', 'Release', electronNativeFile),
      target: [`--target=${electron}`, `--arch=${process.arch}`],
    }
    if (!(await tryPrebuilt(build))) await compileFromSource(build)
    install(build.built, outDir, binary, infoFile, expected)
    log(`Built ${binary}`)
    return { built: true, binary }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** A binary is there and its recorded build is this Electron's and this better-sqlite3's. */
function alreadyBuilt(binary, infoFile, expected) {
  if (!existsSync(binary) || !existsSync(infoFile)) return false
  let recorded
  try {
    recorded = readJson(infoFile)
  } catch {
    recorded = undefined
  }
  return isUpToDate(recorded, expected)
}

/** prebuild-install fetches a binary for Electron's ABI into the copy; true when one arrived. */
async function tryPrebuilt({ root, options, log, copy, childEnv, built, target }) {
  const prebuildInstall = join(root, 'node_modules', 'prebuild-install', 'bin.js')
  if (!options.prebuilt || !existsSync(prebuildInstall)) return false
  log('Trying a prebuilt binary…')
  const result = await run(process.execPath, [prebuildInstall, '--runtime=electron', ...target, `--platform=${process.platform}`], {
    cwd: copy,
    env: childEnv,
    timeoutMs: prebuiltTimeoutMs,
  })
  const done = result.code === 0 && existsSync(built)
  if (!done) log('No prebuilt binary could be fetched; compiling from source instead.')
  return done
}

/** node-gyp compiles the copy against Electron's headers, after a quick probe that they can be downloaded. */
async function compileFromSource({ root, options, env, log, electron, copy, childEnv, built, target }) {
  const devdir = electronGypDir()
  const cached = existsSync(join(devdir, electron, 'installVersion'))
  if (!cached) {
    const url = headersProbeUrl(options.distUrl, electron)
    const problem = await probe(url)
    if (problem) {
      throw new BuildError(
        `Cannot download Electron ${electron}'s headers from ${options.distUrl} (${url}: ${problem}).\n` +
          'Building better-sqlite3 for Electron needs the internet once (or a prebuilt binary); ' +
          'run `npm run build:native-electron` again on a connected machine. ' +
          'The tests, the CLI and `npm run serve` do not need this step.',
      )
    }
  }
  const nodeGyp = findNodeGyp(env, root)
  if (!nodeGyp) throw new BuildError('node-gyp was not found (it ships with npm); install it with `npm install -g node-gyp`.')
  log(`Compiling with node-gyp against Electron ${electron}'s headers…`)
  const result = await run(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', ...target, `--dist-url=${options.distUrl}`, `--devdir=${devdir}`],
    { cwd: copy, env: childEnv },
  )
  if (result.code !== 0 || !existsSync(built)) {
    throw new BuildError(
      `node-gyp could not build better-sqlite3 for Electron ${electron} (exit ${result.code}${result.error ? `: ${result.error.message}` : ''}).`,
    )
  }
}

/**
 * Written under a temporary name and renamed, so an interrupted run never
 * leaves a half-copied binary that looks finished.
 */
function install(built, outDir, binary, infoFile, expected) {
  mkdirSync(outDir, { recursive: true })
  copyFileSync(built, `${binary}.partial`)
  renameSync(`${binary}.partial`, binary)
  writeFileSync(infoFile, `${JSON.stringify(expected, null, 2)}\n`)
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  try {
    const options = parseArgs(process.argv.slice(2))
    await buildNativeElectron({ root, options })
  } catch (error) {
    console.error(`build-native-electron: ${error instanceof BuildError ? error.message : (error?.stack ?? error)}`)
    process.exit(1)
  }
}
