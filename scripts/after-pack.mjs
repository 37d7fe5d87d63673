/**
 * electron-builder afterPack hook: sets Mostrador's Electron fuses on the
 * packaged binary (before electron-builder signs it) and reads them back.
 * `npm run package:check` packs against a stand-in Electron without a fuse wire;
 * then nothing can be flipped, and the check says the fuses were checked from
 * the configuration only (test/package reads the same list).
 */
import { applyFuses, describeFuses, hasFuseWire, packagedBinary } from './electron-fuses.mjs'

export default async function afterPack(context) {
  const binary = packagedBinary(context)
  const isBundle = binary.endsWith('.app')
  if (!isBundle && !(await hasFuseWire(binary))) {
    if (process.env.MOSTRADOR_REQUIRE_FUSES === '1')
      throw new Error(`${binary} has no Electron fuse wire; a real Electron is required here`)
    console.log(`  • fuses checked from configuration (${binary} is a stand-in without a fuse wire): ${describeFuses()}`)
    return
  }
  await applyFuses(binary, context.electronPlatformName)
  console.log(`  • fuses set and read back from ${binary}: ${describeFuses()}`)
}
