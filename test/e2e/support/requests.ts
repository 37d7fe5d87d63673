import type { Page } from 'playwright-core'

/**
 * The contract requests the page makes through the browser host (one POST to /rpc/<name> each, see
 * src-renderer/api/browserHostTransport.ts), by name and in order, from the moment this is called.
 */
export function recordRequests(page: Page): { names(): string[]; quietFor(ms: number): Promise<void> } {
  const seen: { name: string; at: number }[] = []
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname
    if (req.method() === 'POST' && path.startsWith('/rpc/'))
      seen.push({ name: decodeURIComponent(path.slice('/rpc/'.length)), at: Date.now() })
  })
  return {
    names: () => seen.map((s) => s.name),
    /** Waits until no request has left for `ms` (what a screen reads on opening has all gone). */
    async quietFor(ms: number): Promise<void> {
      const started = Date.now()
      for (;;) {
        const last = seen.at(-1)?.at ?? started
        const idle = Date.now() - last
        if (idle >= ms) return
        await page.waitForTimeout(ms - idle)
      }
    },
  }
}
