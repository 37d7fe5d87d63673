import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '@shared/csp'

const html = readFileSync(join(__dirname, '../../../src-renderer/index.html'), 'utf8')

describe('renderer index.html', () => {
  it('leaves the Content-Security-Policy to the header every server sends (src-shared/csp.ts)', () => {
    // A static policy here would be enforced beside the header's: it could not name the signed-in service.
    expect(html).not.toMatch(/http-equiv="Content-Security-Policy"/i)
    expect(contentSecurityPolicy).toMatch(/script-src 'self'/)
  })

  it('has no inline script', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/)
      expect(body?.trim()).toBe('')
    }
  })
})
