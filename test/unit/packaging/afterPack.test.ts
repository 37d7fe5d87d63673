import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fuseMismatches, wantedFuses } from '../../../scripts/electron-fuses.mjs'

type AfterPack = (context: object) => Promise<void>
const hookFile = resolve(__dirname, '../../../scripts/after-pack.mjs')
const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

let dir: string
let afterPack: AfterPack
const context = () => ({
  appOutDir: dir,
  electronPlatformName: 'linux',
  packager: { executableName: 'mostrador', appInfo: { productFilename: 'Mostrador' } },
})

/** A file laid out like an Electron binary around its fuse wire: version 1, nine fuses, all as Electron ships them. */
function fakeElectron(file: string): void {
  const shipped = [1, 1, 1, 1, 0, 0, 0, 1, 1].map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE))
  writeFileSync(
    file,
    Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(sentinel), Buffer.from([1, shipped.length, ...shipped]), Buffer.alloc(4096, 7)]),
  )
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-after-pack-'))
  afterPack = ((await import(pathToFileURL(hookFile).href)) as { default: AfterPack }).default
  vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  vi.restoreAllMocks()
  delete process.env.MOSTRADOR_REQUIRE_FUSES
})

describe('the afterPack fuse hook', () => {
  it('flips the fuses in the packaged binary and they read back as configured', async () => {
    const binary = join(dir, 'mostrador')
    fakeElectron(binary)
    expect(fuseMismatches(await getCurrentFuseWire(binary))).not.toEqual([])
    await afterPack(context())
    const wire = await getCurrentFuseWire(binary)
    expect(fuseMismatches(wire)).toEqual([])
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE)
    // The window loads app://, so file:// keeps none of its old powers.
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE)
    // Fuses it does not manage keep Electron's own setting.
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE)
    expect(Object.keys(wantedFuses)).toHaveLength(7)
  })

  it('on the stand-in Electron of package:check (no fuse wire) reports the configuration instead of failing', async () => {
    const binary = join(dir, 'mostrador')
    writeFileSync(binary, '#!/bin/sh\nexit 1\n')
    chmodSync(binary, 0o755)
    await afterPack(context())
    expect(vi.mocked(console.log).mock.calls.flat().join('\n')).toMatch(/fuses checked from configuration.*RunAsNode=off/)
    expect(readFileSync(binary, 'utf8')).toBe('#!/bin/sh\nexit 1\n')
  })

  it('fails on a binary without fuse wire when a real Electron is required (MOSTRADOR_REQUIRE_FUSES=1)', async () => {
    writeFileSync(join(dir, 'mostrador'), 'not electron')
    process.env.MOSTRADOR_REQUIRE_FUSES = '1'
    await expect(afterPack(context())).rejects.toThrow(/no Electron fuse wire/)
  })
})
