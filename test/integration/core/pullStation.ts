import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, storeFileName, type RunningSandbox } from '@sandbox'
import { openSqlite, type Sqlite } from '@base/sqlite'
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

/** A station signed in through a proxy in front of the sandbox, its catalogue pulled once, for the file's tests. */
export function usePullStation(): void {
  beforeAll(async () => {
    const dataDir = tempDir()
    sandbox = await startSandbox({ dataDir })
    service = openSqlite(join(dataDir, storeFileName))
    proxy = await startInterceptingProxy(sandbox.url)
    h = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
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
