import { describe, expect, it } from 'vitest'
import { isGraphql } from '../../support/interceptingProxy'
import { h, proxy, usePullStation } from './pullStation'

// Issue 32, on a line that drops: the day's full pull reads the whole catalogue, and while it was due every pull was
// a full one. A line that cut it each time left the clerk's stock figures unread for as long as it kept failing;
// the pulls between its tries now read what changed, as on any other day.

const HOUR = 60 * 60_000
let shiftMs = 0
usePullStation({ now: () => new Date(Date.now() + shiftMs) })

/** One pull, the line failing the pages of whole bundles (read by a full pull only): whether it read the whole catalogue. */
async function pullOnCutLine(full = false): Promise<{ full: boolean; failed: boolean }> {
  let wholeBundlesAsked = false
  const cut = (body: string) =>
    /bundle_details \{/.test(body) ? ((wholeBundlesAsked = true), { status: 502, body: { error: 'Bad Gateway' } }) : null
  proxy.intercept = (req) => (isGraphql(req) ? { byBody: cut } : null)
  try {
    const failed = await h.call('catalogue.pull', { full }).then(
      () => false,
      () => true,
    )
    return { full: wholeBundlesAsked, failed }
  } finally {
    proxy.intercept = () => null
  }
}

describe("a day's full pull that the line cuts", () => {
  it('is followed by pulls of what changed, which keep the stock fresh, and tried again an hour later', async () => {
    shiftMs = 25 * HOUR
    expect(await pullOnCutLine()).toEqual({ full: true, failed: true })
    const before = (await h.call('catalogue.status')).pulledAt
    expect(await pullOnCutLine()).toEqual({ full: false, failed: false })
    const status = await h.call('catalogue.status')
    expect(status.pulledAt).not.toBe(before)
    expect(status.stale).toBe(false)
    shiftMs += HOUR + 60_000
    expect(await pullOnCutLine()).toEqual({ full: true, failed: true })
  }, 120_000)

  it('is tried at once when the clerk asks for everything', async () => {
    expect(await pullOnCutLine(true)).toEqual({ full: true, failed: true })
  }, 60_000)
})
