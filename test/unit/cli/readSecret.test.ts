import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readSecret } from '../../../src-main/cli/readSecret'

describe('reading the token for login', () => {
  it('takes the first line of piped standard input, trimmed', async () => {
    const input = Readable.from(['  tok-123  \nsecond line\n']) as unknown as typeof process.stdin
    expect(await readSecret('Token: ', input)).toBe('tok-123')
  })

  it('gives an empty string for empty input, so the caller can refuse it', async () => {
    const input = Readable.from([]) as unknown as typeof process.stdin
    expect(await readSecret('Token: ', input)).toBe('')
  })
})
