import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, storeFileName, type RunningSandbox } from '@sandbox'
import { openSqlite, type Sqlite } from '@base/sqlite'
import type { CoreOptions } from '@core/coreOptions'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'

// A station for the routine pull's tests, set by usePullStation's hooks (the test files read these live bindings).
export let sandbox: RunningSandbox
/** The service's own file: another user's change that the interface has no route for (an item deleted). */
export let service: Sqlite
export let proxy: InterceptingProxy
export let h: CoreHarness
export const user = () => sandbox.users[0]!
export const db = (core: CoreHarness): Sqlite => core.core.services.catalogue.store().db

/**
 * An item with lots that no bundle or movement uses, removed on the service with its lots and their stock, as its web
 * pages would (its purchase history is not these tests' concern): its id.
 */
export function deleteItemOnService(entityId: number): number {
  const gone = service
    .prepare<[number], number>(
      `SELECT i.id FROM items i WHERE i.entity_id = ? AND i.id IN (SELECT item_id FROM lots)
       AND i.id NOT IN (SELECT item_id FROM bundle_details) AND i.id NOT IN (SELECT item_id FROM movements) LIMIT 1`,
    )
    .pluck()
    .get(entityId)!
  service.pragma('foreign_keys = OFF')
  service.transaction(() => {
    service.prepare('DELETE FROM lot_stocks WHERE lot_id IN (SELECT id FROM lots WHERE item_id = ?)').run(gone)
    service.prepare('DELETE FROM lots WHERE item_id = ?').run(gone)
    service.prepare('DELETE FROM items WHERE id = ?').run(gone)
  })()
  service.pragma('foreign_keys = ON')
  return gone
}

let dataDir: string
let coreOptions: Partial<CoreOptions>

/** The app started again on the same folder and keychain: what the core remembered for its session is forgotten. */
export async function restartStation(): Promise<void> {
  const secrets = h.secrets
  await h.close()
  h = await coreHarness(dataDir, { ...coreOptions, secrets })
}

/** A station signed in through a proxy in front of the sandbox, its catalogue pulled once, for the file's tests. */
export function usePullStation(options: Partial<CoreOptions> = {}): void {
  beforeAll(async () => {
    const serviceDir = tempDir()
    sandbox = await startSandbox({ dataDir: serviceDir })
    service = openSqlite(join(serviceDir, storeFileName))
    proxy = await startInterceptingProxy(sandbox.url)
    dataDir = tempDir()
    coreOptions = { requestTimeoutMs: 5000, ...options }
    h = await coreHarness(dataDir, coreOptions)
    await h.call('session.signIn', { serverUrl: proxy.url, email: user().email, token: user().token })
    await h.call('profile.whoami')
    await h.call('catalogue.pull')
  }, 60_000)
  afterAll(async () => {
    service?.close()
    await h?.close()
    await proxy?.close()
    await sandbox?.close()
  })
}
