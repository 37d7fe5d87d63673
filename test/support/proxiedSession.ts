import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from './coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from './interceptingProxy'
import { tempDir } from './tempDir'

export interface ProxiedSession {
  sandbox: RunningSandbox
  proxy: InterceptingProxy
  h: CoreHarness
}

/**
 * For the file's tests: a sandbox, an intercepting proxy in front of it and a
 * core signed in through the proxy, with its profile (and so its entity's cache)
 * loaded. Read the fields inside tests or hooks, once beforeAll has run.
 * Requests give up after 3 s, so a test of a hanging answer ends quickly; a file whose tests wait on no
 * hanging answer may allow more, so that a loaded machine does not look like a dead line.
 */
export function useProxiedSession({ requestTimeoutMs = 3000 }: { requestTimeoutMs?: number } = {}): ProxiedSession {
  const session = {} as ProxiedSession
  beforeAll(async () => {
    session.sandbox = await startSandbox()
    session.proxy = await startInterceptingProxy(session.sandbox.url)
    session.h = await coreHarness(tempDir(), { requestTimeoutMs })
    const user = session.sandbox.users[0]!
    await session.h.call('session.signIn', { serverUrl: session.proxy.url, email: user.email, token: user.token })
    await session.h.call('profile.whoami')
  })
  afterAll(async () => {
    await session.h?.close()
    await session.proxy?.close()
    await session.sandbox?.close()
  })
  return session
}
