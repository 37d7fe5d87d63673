/**
 * The Electron fuses Mostrador ships with: the one list that the packaging hook
 * (scripts/after-pack.mjs) flips and that `npm run package:check` verifies.
 * Fuses are bits in the Electron binary itself; flipping them at packaging time
 * means no command-line flag or environment variable at a shop counter can turn
 * the app back into a general Node runtime or a debuggable process.
 */
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { FuseState, FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses'

/** Wanted state per fuse, by @electron/fuses' option name. */
export const wantedFuses = Object.freeze({
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableCookieEncryption: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  // The window loads app:// (src-main/electron/appProtocol.ts), so file:// pages need none of their old powers.
  GrantFileProtocolExtraPrivileges: false,
})

/** The @electron/fuses configuration for flipFuses. */
export function fuseConfig(platform = process.platform) {
  const config = {
    version: FuseVersion.V1,
    // Flipping fuses breaks the ad-hoc signature of arm64 macOS builds; re-sign them ad hoc (real signing comes later).
    resetAdHocDarwinSignature: platform === 'darwin',
  }
  for (const [name, on] of Object.entries(wantedFuses)) config[FuseV1Options[name]] = on
  return config
}

/** The Electron executable electron-builder wrote into appOutDir (same rule as its own addElectronFuses). */
export function packagedBinary({ appOutDir, electronPlatformName, packager }) {
  const ext = { darwin: '.app', mas: '.app', win32: '.exe', linux: '' }[electronPlatformName] ?? ''
  const name = electronPlatformName === 'linux' ? packager.executableName : packager.appInfo.productFilename
  return join(appOutDir, `${name}${ext}`)
}

const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX')

/**
 * True when the file carries a fuse wire. The offline check packs against a
 * stand-in Electron (a shell script) that has none; a real binary always has one.
 */
export async function hasFuseWire(file) {
  let handle
  try {
    handle = await open(file)
  } catch {
    return false // a macOS .app folder is checked by @electron/fuses itself
  }
  try {
    const chunk = Buffer.alloc(4 * 1024 * 1024 + sentinel.length)
    for (let position = 0; ; position += chunk.length - sentinel.length) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position)
      if (chunk.subarray(0, bytesRead).includes(sentinel)) return true
      if (bytesRead < chunk.length) return false
    }
  } finally {
    await handle.close()
  }
}

/** Differences between a binary's wire (from getCurrentFuseWire) and wantedFuses; empty when it matches. */
export function fuseMismatches(wire) {
  const problems = []
  for (const [name, on] of Object.entries(wantedFuses)) {
    const state = wire[FuseV1Options[name]]
    const want = on ? FuseState.ENABLE : FuseState.DISABLE
    if (state !== want) problems.push(`${name} is ${FuseState[state] ?? 'missing'}, wanted ${FuseState[want]}`)
  }
  return problems
}

/** Flips the fuses and reads them back from the binary; throws when they differ. */
export async function applyFuses(binary, platform = process.platform) {
  await flipFuses(binary, fuseConfig(platform))
  const problems = fuseMismatches(await getCurrentFuseWire(binary))
  if (problems.length) throw new Error(`fuses in ${binary} are not as configured: ${problems.join('; ')}`)
}

/** A one-line summary of the configured fuses, for logs and the report. */
export function describeFuses() {
  return Object.entries(wantedFuses)
    .map(([name, on]) => `${name}=${on ? 'on' : 'off'}`)
    .join(', ')
}
