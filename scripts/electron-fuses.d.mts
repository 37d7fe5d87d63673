// Types for scripts/electron-fuses.mjs, which the packaging hook runs as plain JS and the package test imports.
import type { FuseConfig, FuseState } from '@electron/fuses'

export declare const wantedFuses: Readonly<Record<string, boolean>>
export declare function fuseConfig(platform?: string): FuseConfig
export declare function packagedBinary(context: {
  appOutDir: string
  electronPlatformName: string
  packager: { executableName?: string; appInfo: { productFilename: string } }
}): string
export declare function hasFuseWire(file: string): Promise<boolean>
export declare function fuseMismatches(wire: FuseConfig<FuseState>): string[]
export declare function applyFuses(binary: string, platform?: string): Promise<void>
export declare function describeFuses(): string
