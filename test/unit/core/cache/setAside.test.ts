import { writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { setAside } from '@core/cache/setAside'
import { tempDir } from '../../../support/tempDir'

const zoneBefore = process.env.TZ
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ
  else process.env.TZ = zoneBefore
})

describe('a damaged cache set aside', () => {
  it('is named by the time on this computer’s clock, as the clerk will tell support when it happened', () => {
    // 22:20 on the 27th in Guatemala is 04:20 on the 28th in UTC: the name says what the clerk's clock said.
    process.env.TZ = 'America/Guatemala'
    const dir = tempDir()
    const file = join(dir, 'entity-7.sqlite')
    writeFileSync(file, '')
    const kept = setAside(file, new Date('2026-11-28T04:20:30Z'))
    expect(basename(kept)).toBe('entity-7.20261127-222030.sqlite')
  })
})
