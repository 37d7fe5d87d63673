import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'

/**
 * A sandbox reached through an intercepting proxy for a file's tests: the app signs in to `proxy.url`, and a
 * test sets `proxy.intercept` to answer one request as the real service might (a refusal, a lost answer).
 */
export function useProxiedSandbox(): () => { sandbox: RunningSandbox; proxy: InterceptingProxy } {
  let running: { sandbox: RunningSandbox; proxy: InterceptingProxy } | null = null
  beforeAll(async () => {
    const sandbox = await startSandbox()
    running = { sandbox, proxy: await startInterceptingProxy(sandbox.url) }
  })
  afterAll(async () => {
    await running?.proxy.close()
    await running?.sandbox.close()
  })
  return () => {
    if (!running) throw new Error('useProxiedSandbox: used outside a test')
    return running
  }
}
