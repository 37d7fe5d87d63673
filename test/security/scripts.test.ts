import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as nativeBinding from '../../src-main/electron/nativeBinding'

const root = resolve(__dirname, '../..')
const nativeScript = join(root, 'scripts', 'build-native-electron.mjs')
const scanScript = join(root, 'scripts', 'electronegativity.mjs')
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string
const sqliteVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version as string
const nodeBuild = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')

interface Finding {
  id: string
  severity: string
  confidence: string
  file: string
  line: number
  column: number
  description?: string
}
/* eslint-disable @typescript-eslint/no-explicit-any -- the scripts are plain .mjs without type declarations */
let native: any
let scan: any
/* eslint-enable @typescript-eslint/no-explicit-any */

let tmp: string
beforeAll(async () => {
  native = await import(pathToFileURL(nativeScript).href)
  scan = await import(pathToFileURL(scanScript).href)
})
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'mostrador-scripts-test-'))
})
afterEach(() => rmSync(tmp, { recursive: true, force: true }))

function fingerprint(file: string) {
  const stat = statSync(file)
  return { size: stat.size, mtime: stat.mtimeMs, sha: createHash('sha256').update(readFileSync(file)).digest('hex') }
}

describe('build-native-electron: pure parts', () => {
  it('writes where the app looks for it', () => {
    expect(native.electronNativeDir).toBe(nativeBinding.electronNativeDir)
    expect(native.electronNativeFile).toBe(nativeBinding.electronNativeFile)
    expect(native.electronBuildInfoFile).toBe(nativeBinding.electronBuildInfoFile)
  })

  it('rebuilds unless every recorded fact matches', () => {
    const expected = native.expectedBuild({ electron: '45.4.1', betterSqlite3: '12.11.1', platform: 'linux', arch: 'x64' })
    expect(native.isUpToDate({ ...expected }, expected)).toBe(true)
    expect(native.isUpToDate({ ...expected, electron: '45.4.0' }, expected)).toBe(false)
    expect(native.isUpToDate({ ...expected, betterSqlite3: '12.10.0' }, expected)).toBe(false)
    expect(native.isUpToDate({ ...expected, arch: 'arm64' }, expected)).toBe(false)
    expect(native.isUpToDate(undefined, expected)).toBe(false)
    expect(native.isUpToDate('45.4.1', expected)).toBe(false)
  })

  it("drops npm's nodedir so node-gyp cannot compile against Node's headers by mistake", () => {
    const env = native.buildEnv({
      PATH: '/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_NODEDIR: '/usr',
      npm_config_target: '20.0.0',
      HOME: '/h',
    })
    expect(env).toEqual({ PATH: '/bin', HOME: '/h' })
  })

  it('reads its options and refuses unknown ones', () => {
    expect(native.parseArgs([])).toEqual({ out: undefined, distUrl: 'https://electronjs.org/headers', prebuilt: true })
    expect(native.parseArgs(['--out', 'x', '--dist-url', 'http://mirror/headers/', '--no-prebuilt'])).toEqual({
      out: 'x',
      distUrl: 'http://mirror/headers',
      prebuilt: false,
    })
    expect(() => native.parseArgs(['--force'])).toThrow(/unknown option/)
    expect(() => native.parseArgs(['--out'])).toThrow(/needs a value/)
  })

  it("probes the headers' checksum file of the exact Electron version", () => {
    expect(native.headersProbeUrl('https://electronjs.org/headers', '45.4.1')).toBe('https://electronjs.org/headers/v45.4.1/SHASUMS256.txt')
  })

  it("prefers the node-gyp npm names, then npm's own, then a local one", () => {
    const all = () => true
    expect(native.findNodeGyp({ npm_config_node_gyp: '/npm/gyp.js' }, '/r', all)).toBe('/npm/gyp.js')
    expect(native.findNodeGyp({ npm_execpath: '/x/npm/bin/npm-cli.js' }, '/r', all)).toBe(
      join('/x/npm/bin', '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    )
    expect(native.findNodeGyp({}, '/r', (p: string) => p.startsWith('/r'))).toBe(
      join('/r', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    )
    expect(native.findNodeGyp({}, '/r', () => false)).toBeUndefined()
  })
})

describe('build-native-electron: running it', () => {
  function runNative(args: string[]) {
    const home = join(tmp, 'home')
    const temp = join(tmp, 'tmp')
    mkdirSync(home)
    mkdirSync(temp)
    const started = Date.now()
    // A fresh HOME means no cached Electron headers, so the download is really needed.
    const result = spawnSync(process.execPath, [nativeScript, ...args], {
      cwd: root,
      env: { ...process.env, HOME: home, USERPROFILE: home, TMPDIR: temp, TMP: temp, TEMP: temp },
      encoding: 'utf8',
      timeout: 60_000,
    })
    return { ...result, seconds: (Date.now() - started) / 1000, temp }
  }

  it('fails fast and clearly when the headers cannot be downloaded, touching nothing', () => {
    const before = fingerprint(nodeBuild)
    const out = join(tmp, 'out')
    const result = runNative(['--out', out, '--dist-url', 'http://127.0.0.1:9/headers', '--no-prebuilt'])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`Cannot download Electron ${electronVersion}'s headers`)
    expect(result.stderr).toContain('needs the internet')
    expect(result.stderr).not.toMatch(/\n\s+at /) // a message, not a stack trace
    expect(result.seconds).toBeLessThan(30)
    expect(fingerprint(nodeBuild)).toEqual(before)
    expect(existsSync(join(out, native.electronNativeFile))).toBe(false)
    expect(readdirSync(result.temp)).toEqual([]) // its working copy is cleaned up
  })

  it('does nothing when the recorded build matches', () => {
    const out = join(tmp, 'out')
    mkdirSync(out)
    writeFileSync(join(out, native.electronNativeFile), 'binary')
    const info = { electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch }
    writeFileSync(join(out, native.electronBuildInfoFile), JSON.stringify(info))
    const result = runNative(['--out', out, '--dist-url', 'http://127.0.0.1:9/headers', '--no-prebuilt'])
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('already built')
    expect(readFileSync(join(out, native.electronNativeFile), 'utf8')).toBe('binary')
  })
})

describe('electronegativity: classification', () => {
  const finding = (id: string, severity: string, file: string): Finding => ({ id, severity, confidence: 'FIRM', file, line: 1, column: 0 })

  it('blocks unaccepted HIGH findings, accepts listed ones only in their file, and lists the rest for review', () => {
    const result = scan.classify([
      finding('CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'main/index.js'),
      finding('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js'),
      finding('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'renderer/assets/x.js'),
      finding('CSP_GLOBAL_CHECK', 'LOW', 'renderer/index.html'),
    ])
    expect(result.blocking.map((f: Finding) => f.id)).toEqual(['CONTEXT_ISOLATION_JS_CHECK'])
    expect(result.accepted.map((f: Finding) => `${f.id} ${f.file}`)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK main/index.js',
      'CSP_GLOBAL_CHECK renderer/index.html',
    ])
    expect(result.review.map((f: Finding) => f.file)).toEqual(['renderer/assets/x.js'])
  })

  it('gives a reason for every accepted finding and excluded check', () => {
    for (const entry of [...scan.acceptedFindings, ...scan.excludedChecks]) expect(entry.reason.length).toBeGreaterThan(20)
  })

  it('treats an unparsed main or preload file as blocking', () => {
    const errors = [
      { file: 'preload/index.cjs', message: 'x', tolerable: false },
      { file: 'renderer/assets/a.js', message: 'x', tolerable: false },
      { file: 'main/index.js', message: 'x', tolerable: true },
    ]
    expect(scan.blockingParseErrors(errors)).toEqual([errors[0]])
  })

  it('stages .cjs files as .js so the preload is scanned, and maps names back', () => {
    mkdirSync(join(tmp, 'preload'))
    writeFileSync(join(tmp, 'preload', 'index.cjs'), 'x')
    const { staged, renamed } = scan.stage(tmp)
    try {
      expect(existsSync(join(staged, 'preload', 'index.js'))).toBe(true)
      expect(scan.originalName('preload/index.js', renamed)).toBe('preload/index.cjs')
    } finally {
      rmSync(staged, { recursive: true, force: true })
    }
  })
})

describe('electronegativity: running it', () => {
  function runScan(input: string) {
    return spawnSync(process.execPath, [scanScript, '--input', input], { cwd: root, encoding: 'utf8', timeout: 120_000 })
  }

  it('fails on an insecure app', () => {
    mkdirSync(join(tmp, 'main'))
    mkdirSync(join(tmp, 'preload'))
    mkdirSync(join(tmp, 'renderer'))
    writeFileSync(
      join(tmp, 'main', 'index.js'),
      "const { BrowserWindow } = require('electron')\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } })\n",
    )
    writeFileSync(join(tmp, 'preload', 'index.cjs'), "require('electron')\n")
    writeFileSync(join(tmp, 'renderer', 'index.html'), '<!doctype html><html><body></body></html>\n')
    const result = runScan(tmp)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('CONTEXT_ISOLATION_JS_CHECK')
    expect(result.stdout).toMatch(/Summary: [1-9]\d* blocking/)
  }, 120_000)

  it('refuses to scan a folder that is not a build', () => {
    const result = runScan(tmp)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('run `npm run build` first')
  })
})
