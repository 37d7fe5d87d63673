import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, storeFileName, type RunningSandbox } from '@sandbox'
import { openSqlite, type Sqlite } from '@base/sqlite'
import type { CoreOptions } from '@core/coreOptions'
import { coreHarness, type CoreHarness } from './coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from './interceptingProxy'
import { tempDir } from './tempDir'

export interface ProxiedSession {
  sandbox: RunningSandbox
  proxy: InterceptingProxy
  h: CoreHarness
  /** The sandbox's own file, when asked for: another user's change the interface has no route for. */
  service: Sqlite
}

/**
 * For the file's tests: a sandbox, an intercepting proxy in front of it and a
 * core signed in through the proxy, with its profile (and so its entity's cache)
 * loaded. Read the fields inside tests or hooks, once beforeAll has run.
 * Requests give up after 3 s, so a test of a hanging answer ends quickly; a file whose tests wait on no
 * hanging answer may allow more, so that a loaded machine does not look like a dead line.
 */
export function useProxiedSession({
  requestTimeoutMs = 3000,
  now,
  serviceFile = false,
}: { requestTimeoutMs?: number; now?: CoreOptions['now']; serviceFile?: boolean } = {}): ProxiedSession {
  const session = {} as ProxiedSession
  beforeAll(async () => {
    const dataDir = serviceFile ? tempDir() : undefined
    session.sandbox = await startSandbox({ dataDir })
    if (dataDir) session.service = openSqlite(join(dataDir, storeFileName))
    session.proxy = await startInterceptingProxy(session.sandbox.url)
    session.h = await coreHarness(tempDir(), { requestTimeoutMs, now })
    const user = session.sandbox.users[0]!
    await session.h.call('session.signIn', { serverUrl: session.proxy.url, email: user.email, token: user.token })
    await session.h.call('profile.whoami')
  })
  afterAll(async () => {
    session.service?.close()
    await session.h?.close()
    await session.proxy?.close()
    await session.sandbox?.close()
  })
  return session
}
