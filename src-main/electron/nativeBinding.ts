import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'

/**
 * Where `scripts/build-native-electron.mjs` puts better-sqlite3 compiled for
 * Electron's ABI, apart from node_modules (which keeps the Node build for the
 * tests and the CLI). The script writes the same names; a test keeps them equal.
 */
export const electronNativeDir = join('native', 'electron')
export const electronNativeFile = 'better_sqlite3.node'
export const electronBuildInfoFile = 'build-info.json'

/** What the script records next to the binary. */
const nativeBuildInfo = z.object({ electron: z.string(), betterSqlite3: z.string(), platform: z.string(), arch: z.string() })
export type NativeBuildInfo = z.infer<typeof nativeBuildInfo>

/**
 * The real folder behind the app path. In a packaged app `app.getAppPath()` is
 * `…/resources/app.asar`, an archive from which no native module can be loaded;
 * electron-builder puts the files listed in `asarUnpack` (native/electron/**)
 * in `app.asar.unpacked` beside it. Unpackaged, the app path is the project root.
 */
export function unpackedAppPath(appPath: string): string {
  return basename(appPath) === 'app.asar' ? join(dirname(appPath), 'app.asar.unpacked') : appPath
}

const rebuildHint = "Run `npm run build:native-electron` (it needs the internet once, to fetch Electron's headers)."

/**
 * The path to hand to better-sqlite3's `nativeBinding`, after checking that the
 * build exists and was made for this very Electron: loading a module built for
 * another ABI crashes the process instead of failing cleanly.
 */
export function electronSqliteBinding(appPath: string, runtime: { electron: string; platform: string; arch: string }): string {
  const dir = join(unpackedAppPath(appPath), electronNativeDir)
  const binary = join(dir, electronNativeFile)
  if (!existsSync(binary)) {
    throw new Error(`better-sqlite3 has no Electron build at ${binary}. ${rebuildHint}`)
  }
  let info: NativeBuildInfo
  try {
    info = nativeBuildInfo.parse(JSON.parse(readFileSync(join(dir, electronBuildInfoFile), 'utf8')))
  } catch {
    throw new Error(`${binary} has no readable ${electronBuildInfoFile}, so its Electron version is unknown. ${rebuildHint}`)
  }
  if (info.electron !== runtime.electron || info.platform !== runtime.platform || info.arch !== runtime.arch) {
    throw new Error(
      `${binary} was built for Electron ${info.electron} on ${info.platform}-${info.arch}, ` +
        `but this is Electron ${runtime.electron} on ${runtime.platform}-${runtime.arch}. ${rebuildHint}`,
    )
  }
  return binary
}
