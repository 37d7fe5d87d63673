import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestNames } from '@shared/contract'
import { ipcRequestChannel, type Bridge } from '@shared/contract/transport'
import { desktopChannels, type DesktopBridge } from '@shared/desktop'
import { printerChannels, type PrinterBridge } from '@shared/printing'

/**
 * Builds the preload with the project's own electron-vite config and runs the
 * result the way a sandboxed renderer does: a CommonJS function whose require
 * knows only `electron`. If the bundle needed anything else (a chunk, zod from
 * node_modules, an ES module) it would fail here as it fails in Electron.
 */
const root = resolve(__dirname, '../..')
let work: string
let configDir: string
let code: string

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mostrador-preload-bundle-'))
  // The config must live under the project so it can import the real one and resolve electron-vite.
  // Not inside node_modules: in a git worktree that is a symlink, and the import would reach another tree's sources.
  configDir = mkdtempSync(join(root, '.preload-test-'))
  const config = join(configDir, 'electron.vite.config.ts')
  writeFileSync(config, "import config from '../electron.vite.config'\nexport default { preload: config.preload }\n")
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '-c', config, '--outDir', work],
    {
      cwd: root,
      stdio: 'pipe',
      timeout: 120_000,
    },
  )
  code = readFileSync(join(work, 'preload', 'index.cjs'), 'utf8')
}, 120_000)

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(configDir, { recursive: true, force: true })
})

function runSandboxed() {
  const required: string[] = []
  const exposed: Record<string, unknown> = {}
  const invoked: unknown[][] = []
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => {
        invoked.push(args)
        return { ok: true, value: null }
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
  }
  const sandboxRequire = (name: string) => {
    required.push(name)
    if (name === 'electron') return electron
    throw new Error(`a sandboxed preload cannot require ${name}`)
  }
  const module = { exports: {} }
  runInNewContext(`(function (require, module, exports) {${code}\n})`, { console })(sandboxRequire, module, module.exports)
  return { required, exposed, invoked }
}

describe('built preload', () => {
  it('is one CommonJS file that requires only electron', () => {
    expect(code).not.toMatch(/^\s*(import|export)\s/m)
    const { required } = runSandboxed()
    expect([...new Set(required)]).toEqual(['electron'])
  })

  it('exposes window.mostrador, whose invoke reaches the contract channels, window.mostradorDesktop, and the printer, which reaches its own', async () => {
    const { exposed, invoked } = runSandboxed()
    expect(Object.keys(exposed)).toEqual(['mostrador', 'mostradorDesktop', 'mostradorPrinter'])
    const bridge = exposed['mostrador'] as Bridge
    for (const name of requestNames) await bridge.invoke(name, undefined)
    expect(invoked.map((args) => args[0])).toEqual(requestNames.map(ipcRequestChannel))
    const refused = await bridge.invoke('evil' as never, undefined)
    expect(refused.ok).toBe(false)
    expect(invoked).toHaveLength(requestNames.length)
    const printer = exposed['mostradorPrinter'] as PrinterBridge
    await printer.print({ paper: 'receipt80', deviceName: 'EPSON_TM_T20', documentHeightMm: 100 })
    await printer.printers()
    expect(invoked.slice(requestNames.length).map((args) => args[0])).toEqual([printerChannels.print, printerChannels.printers])
  })

  it("the desktop bridge's camera gate reaches its two channels, and nothing else", async () => {
    const { exposed, invoked } = runSandboxed()
    const { camera } = exposed['mostradorDesktop'] as DesktopBridge
    await camera.open()
    await camera.close()
    expect(invoked).toEqual([[desktopChannels.cameraOpen], [desktopChannels.cameraClose]])
  })
})
