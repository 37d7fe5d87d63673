import type { Page } from 'playwright-core'
import type { RequestInput, RequestName, RequestOutput } from '@shared/contract'
import { AppError, type ErrorCode } from '@shared/errors'
import { hostRequestPath, hostTokenHeader, hostTokenMeta } from '@shared/contract/transport'

/**
 * One contract request made from inside the page, as the renderer makes it (the host's cookie and the token
 * the host wrote into the page), for a test
 * that stands in for a screen or asks the core what it holds. Throws the core's error when it refuses.
 */
export async function requestInApp<N extends RequestName>(page: Page, name: N, payload?: RequestInput<N>): Promise<RequestOutput<N>> {
  const envelope = await page.evaluate(
    async ({ path, payload, header, meta }) => {
      const token = document.querySelector(`meta[name="${meta}"]`)?.getAttribute('content') ?? ''
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [header]: token },
        body: JSON.stringify({ payload }),
      })
      return (await res.json()) as { ok: boolean; value?: unknown; error?: unknown }
    },
    { path: hostRequestPath(name), payload, header: hostTokenHeader, meta: hostTokenMeta },
  )
  if (!envelope.ok) throw new Error(`${name}: ${JSON.stringify(envelope.error)}`)
  return envelope.value as RequestOutput<N>
}

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

/**
 * Waits until the core holds a pulled catalogue. The first pull runs in a thread of its own, beside the screens: a
 * test that reads codes and names on its first screen (or scans them) waits for it, as a clerk would see them come.
 */
export async function catalogueArrived(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000
  while ((await requestInApp(page, 'catalogue.status')).pulledAt === null) {
    if (Date.now() > deadline) throw new Error('the catalogue was not pulled within a minute')
    await page.waitForTimeout(100)
  }
}

/**
 * The core refuses every `name` request of the page with `code` (as a cache file damaged under the app would make it),
 * until the returned function lets them through again.
 */
export async function refuseInApp(page: Page, name: RequestName, code: ErrorCode, detail: string): Promise<() => Promise<void>> {
  const path = `**${hostRequestPath(name)}`
  const body = JSON.stringify({ ok: false, error: new AppError(code, { detail }).toPayload() })
  await page.route(path, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }))
  return () => page.unroute(path)
}
