/**
 * What the packaged app holds, checked on the output of `npm run package:check`
 * (electron-builder --linux dir against a stand-in Electron): every file the app
 * loads at run time is where the code looks for it, and nothing for developers
 * (tests, source maps, .env, dev dependencies) ships to the shop counters.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { extractFile, listPackage, statFile } from '@electron/asar'
import { getCurrentFuseWire } from '@electron/fuses'
import { beforeAll, describe, expect, it } from 'vitest'
import { electronNativeDir, electronNativeFile, unpackedAppPath } from '../../src-main/electron/nativeBinding'
import { describeFuses, fuseConfig, fuseMismatches, hasFuseWire, wantedFuses } from '../../scripts/electron-fuses.mjs'

const root = resolve(__dirname, '../..')
const appOutDir = join(root, 'dist', 'linux-unpacked')
const archive = join(appOutDir, 'resources', 'app.asar')
const projectPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

let files: Set<string>
/** Top-level packages inside the archive's node_modules (scoped ones as @scope/name). */
let modules: Set<string>

const has = (path: string) => files.has(`/${path}`)
const readJson = (path: string) => JSON.parse(extractFile(archive, path).toString('utf8')) as Record<string, unknown>

beforeAll(() => {
  if (!existsSync(archive))
    throw new Error(`${archive} does not exist: run \`npm run package:check\`, which packs the app and then runs this test`)
  files = new Set(listPackage(archive, { isPack: false }).map((file) => file.replaceAll('\\', '/')))
  modules = new Set()
  for (const file of files) {
    const parts = file.split('/')
    if (parts[1] !== 'node_modules' || !parts[2]) continue
    if (!parts[2].startsWith('@')) modules.add(parts[2])
    else if (parts[3]) modules.add(`${parts[2]}/${parts[3]}`)
  }
})

describe('app.asar holds what the app loads at run time', () => {
  it('has the main script that package.json names', () => {
    const main = readJson('package.json').main as string
    expect(main.replace(/^\.\//, '')).toBe('out/main/index.js')
    expect(has('out/main/index.js')).toBe(true)
  })

  it('has the preload and the renderer beside out/main, where window.ts and rendererLocation.ts look', () => {
    expect(has('out/preload/index.cjs')).toBe(true)
    expect(has('out/renderer/index.html')).toBe(true)
    // The page's scripts are there too, not only its HTML.
    const html = extractFile(archive, 'out/renderer/index.html').toString('utf8')
    const scripts = [...html.matchAll(/src="\.?\/?([^"]+\.js)"/g)].map((match) => match[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(has(`out/renderer/${script}`), script).toBe(true)
  })

  it('has the CLI', () => {
    expect(has('out/main/cli.js')).toBe(true)
  })

  it('has the Electron build of better-sqlite3 unpacked, at the path nativeBinding.ts computes from app.getAppPath()', () => {
    const inArchive = `${electronNativeDir.replaceAll('\\', '/')}/${electronNativeFile}`
    expect(has(inArchive)).toBe(true)
    expect(statFile(archive, inArchive)).toMatchObject({ unpacked: true })
    // Packaged, app.getAppPath() is resources/app.asar.
    const onDisk = join(unpackedAppPath(archive), electronNativeDir, electronNativeFile)
    expect(onDisk).toContain('app.asar.unpacked')
    expect(statSync(onDisk).size).toBeGreaterThan(100_000)
    expect(existsSync(join(unpackedAppPath(archive), electronNativeDir, 'build-info.json'))).toBe(true)
  })

  it('has the production dependencies and what they need in turn', () => {
    for (const name of Object.keys(projectPackage.dependencies)) expect(modules, name).toContain(name)
    expect(has('node_modules/better-sqlite3/lib/index.js')).toBe(true)
    expect(has('node_modules/electron-updater/out/main.js')).toBe(true)
    expect(has('node_modules/pino/pino.js')).toBe(true)
    // Dependencies of dependencies, which a packer that looks only at package.json's list would miss.
    for (const name of ['sonic-boom', 'thread-stream', 'builder-util-runtime', 'avvio', 'find-my-way', 'bindings'])
      expect(modules, name).toContain(name)
  })
})

describe('app.asar holds nothing for developers', () => {
  it('has no test files, source maps, TypeScript sources or .env files', () => {
    const ours = [...files].filter((file) => !file.startsWith('/node_modules/'))
    expect(ours.filter((file) => /\.(test|spec)\.[cm]?[jt]s$/.test(file) || file.startsWith('/test/'))).toEqual([])
    expect([...files].filter((file) => file.endsWith('.map'))).toEqual([])
    expect([...files].filter((file) => /(^|\/)\.env(\.|$)/.test(file))).toEqual([])
    expect(ours.filter((file) => /\.(ts|mts|cts|vue)$/.test(file))).toEqual([])
    expect(ours.filter((file) => /^\/(src-main|src-renderer|src-shared|scripts|docs|resources|\.github|\.ci)\//.test(file))).toEqual([])
  })

  it('has no development dependency (the renderer libraries are bundled into out/renderer)', () => {
    for (const name of [
      'vite',
      'vitest',
      'electron-builder',
      'typescript',
      'playwright-core',
      'naive-ui',
      'vue',
      'electron',
      'eslint',
      '@electron/asar',
      '@electron/fuses',
    ]) {
      expect(modules, name).not.toContain(name)
    }
    // A dev dependency may ship only when a production package needs it in turn.
    const needed = new Set<string>()
    for (const name of modules) {
      const pkg = readJson(`node_modules/${name}/package.json`) as {
        dependencies?: Record<string, string>
        optionalDependencies?: Record<string, string>
      }
      for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) needed.add(dep)
    }
    const strays = Object.keys(projectPackage.devDependencies).filter((name) => modules.has(name) && !needed.has(name))
    expect(strays).toEqual([])
  })

  it('has no compiled Node build of better-sqlite3 nor its C sources (the app loads native/electron)', () => {
    expect([...files].filter((file) => file.startsWith('/node_modules/better-sqlite3/') && /\/(build|deps|src)\//.test(file))).toEqual([])
  })
})

describe('Electron fuses', () => {
  it('are configured as the issue requires: no Node mode, no NODE_OPTIONS or inspect flags, encrypted cookies, asar-only with integrity check, no extra file:// privileges', () => {
    expect(wantedFuses).toEqual({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    })
    // The hook's flipFuses configuration carries every one of them.
    const config = fuseConfig('linux') as unknown as Record<string, unknown>
    expect(Object.keys(config).filter((key) => /^\d+$/.test(key))).toHaveLength(Object.keys(wantedFuses).length)
  })

  it('are set in the packaged binary when it is a real Electron (read back from its fuse wire)', async ({ skip }) => {
    const binary = join(appOutDir, 'mostrador')
    if (!(await hasFuseWire(binary))) {
      // Offline the binary is the stand-in; the test above checked the configuration instead.
      const reason = `fuses checked from configuration: ${binary} is the stand-in Electron (no fuse wire); ${describeFuses()}`
      console.log(reason)
      skip(reason)
    }
    expect(fuseMismatches(await getCurrentFuseWire(binary))).toEqual([])
  })
})

it('reports the package size', () => {
  const sizeOf = (path: string): number => {
    const stat = statSync(path)
    return stat.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0) : stat.size
  }
  const asar = sizeOf(archive)
  const unpacked = sizeOf(unpackedAppPath(archive))
  console.log(
    `package size: app.asar ${(asar / 1048576).toFixed(1)} MB, app.asar.unpacked ${(unpacked / 1048576).toFixed(1)} MB, ${modules.size} packages in node_modules`,
  )
  // A counter downloads this on every update: a jump means something unintended got packed.
  expect(asar).toBeLessThan(80 * 1048576)
})
