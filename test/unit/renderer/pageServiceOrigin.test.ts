import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionStatus } from '@shared/domain'

const signedIn = (serverUrl: string): SessionStatus => ({ state: 'signed_in', training: false, serverUrl, email: 'a@b.test' })
const signedOut: SessionStatus = { state: 'signed_out', lastServerUrl: null, lastEmail: null }

// The module remembers the page's first reading: each test gets a fresh page.
let page: typeof import('../../../src-renderer/stores/pageServiceOrigin')
beforeEach(async () => {
  vi.resetModules()
  page = await import('../../../src-renderer/stores/pageServiceOrigin')
})

describe("the page's service, for its image policy", () => {
  it('loads the page again when a session on another service begins, not for the same one', () => {
    page.notePageLoadedFor(signedOut)
    expect(page.needsFreshPage(signedIn('http://127.0.0.1:4010'))).toBe(true)
    expect(page.needsFreshPage(signedOut)).toBe(false)
  })

  it('keeps a page loaded for the service the session stays on, whatever its path', () => {
    page.notePageLoadedFor(signedIn('https://erp.example.com/'))
    expect(page.needsFreshPage(signedIn('https://erp.example.com/app'))).toBe(false)
    expect(page.needsFreshPage(signedIn('https://other.example.com'))).toBe(true)
    // Only the first reading counts: it is what the page's policy was made for.
    page.notePageLoadedFor(signedIn('https://other.example.com'))
    expect(page.needsFreshPage(signedIn('https://other.example.com'))).toBe(true)
  })

  it('does nothing before the page has read who is signed in', () => {
    expect(page.needsFreshPage(signedIn('https://erp.example.com'))).toBe(false)
  })
})
