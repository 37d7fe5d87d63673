import { cpSync } from 'node:fs'
import { tempDirInTest } from '../tempDir'
import { fakeCore, type FakeCore } from './fakeCore'
import type { FakeService } from './fakeService'

/**
 * The core over a data folder signed in with the catalogue pulled from `service` as `seed` leaves it.
 * Opening a fresh cache and pulling cost most of a test (a few hundred milliseconds on a busy machine):
 * the first call does both, and every call gets its own copy of that folder, so the tests of a file
 * share no file and no state. Each call seeds the service again, so the service and the copy agree.
 */
export function pulledCores(service: FakeService, seed: (service: FakeService) => void): (clock?: { now: Date }) => Promise<FakeCore> {
  let pulled: string | null = null
  return async (clock) => {
    service.reset()
    seed(service)
    if (pulled === null) {
      const first = fakeCore(clock)
      await first.catalogue.pull(true)
      first.close()
      pulled = first.dataDir
    }
    const dataDir = tempDirInTest('mostrador-fake-')
    cpSync(pulled, dataDir, { recursive: true })
    return fakeCore(clock, dataDir)
  }
}
