import { describe, expect, it } from 'vitest'

describe("the window's zod settings", () => {
  it('make zod parse without compiling code', async () => {
    await import('@renderer/zodJitless')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
    // The flag is what keeps zod from probing `new Function`: an object schema still parses.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
  })
})
