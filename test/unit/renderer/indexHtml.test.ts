import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '@shared/csp'

const html = readFileSync(join(__dirname, '../../../src-renderer/index.html'), 'utf8')

describe('renderer index.html', () => {
  it('carries the same Content-Security-Policy as src-shared/csp.ts', () => {
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)
    expect(meta?.[1]).toBe(contentSecurityPolicy)
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
