import { describe, expect, it } from 'vitest'
import { isGraphql } from '../../support/interceptingProxy'
import { h, proxy, usePullStation } from './pullStation'

// Issue 32, on a metered line: the full pull reads the REST bundle list (its largest answer) beside the GraphQL
// pages. When a page failed, the pull still read the whole list before it said so, into a table dropped at once.

// A line slow but alive: the list keeps coming for longer than the pull takes to fail.
usePullStation({ requestTimeoutMs: 30_000 })

describe('a full pull whose GraphQL page fails', () => {
  it('lets go of the REST bundle list at once, not once the list has come', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let listLetGo = false
    const failItems = (body: string) => (/items\(where/.test(body) ? { status: 502, body: { error: 'Bad Gateway' } } : null)
    proxy.intercept = (req) => {
      if (isGraphql(req)) return { byBody: failItems }
      if (req.method !== 'GET' || req.url !== '/inventories/bundles.json') return null
      req.socket.once('close', () => (listLetGo = true))
      return { hold: () => held, afterForward: true }
    }
    try {
      const pull = h.call('catalogue.pull', { full: true }).then(
        () => 'done',
        () => 'failed',
      )
      const early = await Promise.race([pull, new Promise((resolve) => setTimeout(() => resolve('still reading the list'), 10_000))])
      expect(early).toBe('failed')
      // The proxy hears the connection close a moment after the pull has let it go.
      await expect.poll(() => listLetGo).toBe(true)
    } finally {
      release()
      proxy.intercept = () => null
    }
  }, 60_000)
})
