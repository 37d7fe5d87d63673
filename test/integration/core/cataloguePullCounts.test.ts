import { describe, expect, it, vi } from 'vitest'
import type { PullProgress } from '@shared/catalogue'
import { useProxiedSession } from '../../support/proxiedSession'
import { sandboxExtensions } from '../../support/sandboxMode'

// A row count on a large table is slow on some services; it only sizes the progress bar. Requests here give up
// after a minute, so a pull that waited for a count that never comes would take that long.
const session = useProxiedSession({ requestTimeoutMs: 60_000 })

describe('the row counts of a full pull', () => {
  it('hold neither the pull nor its progress, and those still coming when it ends are given up', async () => {
    const { h, proxy } = session
    let countsAsked = 0
    let countsGivenUp = 0
    const started = Date.now()
    const status = await proxy.during(
      (req) => {
        let stalled = false
        // A stalled answer's connection is never used again: its close is the client giving the count up.
        req.socket.once('close', () => (countsGivenUp += stalled ? 1 : 0))
        return {
          byBody: (body) => {
            // The items' count is also the probe of the extension: the others are asked only for the progress.
            if (!/(bundles|lot_stocks)_aggregate/.test(body)) return null
            stalled = true
            countsAsked++
            return 'stall'
          },
        }
      },
      () => h.call('catalogue.pull', { full: true }),
    )
    expect(Date.now() - started).toBeLessThan(30_000)
    // Once the pull is done the counts still coming are given up, and the line is not judged by them.
    await vi.waitFor(() => expect(countsGivenUp).toBe(countsAsked), { timeout: 5000 })
    expect(await h.call('connection.status')).toMatchObject({ online: true, link: 'online' })
    expect(status.counts.bundles).toBeGreaterThan(0)
    // Only a server with the row counts extension is asked for them (the real service is not).
    if (sandboxExtensions) expect(countsAsked).toBeGreaterThan(0)
    else expect(countsAsked).toBe(0)
    const progress = h.seen('catalogue.progress') as PullProgress[]
    const rows = progress.filter((p) => p.phase === 'stock' || p.phase === 'bundles')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((p) => p.total === null && p.done > 0)).toBe(true)
  })
})
