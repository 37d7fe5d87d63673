import { describe, expect, it } from 'vitest'
import type { AgencyStock } from '@shared/counter'
import { stockReadEarlier } from '@renderer/areas/dispatch/stockReadEarlier'

const row = (agencyId: number, readAt: string | null): AgencyStock => ({ agencyId, agencyName: `A${agencyId}`, available: 3, readAt })

describe("a dispatch card's stock figure", () => {
  const rows = [row(1, '2026-11-28T12:00:00.000Z'), row(2, '2026-11-28T06:00:00.000Z'), row(3, '2026-11-28T11:59:30.000Z')]

  it('says when it was read if that was before the item’s newest figure', () => {
    expect(stockReadEarlier(rows, 2)).toBe(Date.parse('2026-11-28T06:00:00.000Z'))
  })

  it('needs no age when it came with the newest pull, or within a minute of it', () => {
    expect(stockReadEarlier(rows, 1)).toBeNull()
    expect(stockReadEarlier(rows, 3)).toBeNull()
  })

  it('needs no age when its read time is unknown or the agency holds none', () => {
    expect(stockReadEarlier([...rows, row(4, null)], 4)).toBeNull()
    expect(stockReadEarlier(rows, 9)).toBeNull()
    expect(stockReadEarlier(rows, null)).toBeNull()
  })

  it('says when it was read if that was before the age the status bar tells, though it be the item’s only figure', () => {
    // Stocked only at another agency, read by yesterday's full pull; the status bar tells this morning's routine pull.
    const only = [row(2, '2026-11-27T15:00:00.000Z')]
    expect(stockReadEarlier(only, 2, '2026-11-28T11:00:00.000Z')).toBe(Date.parse('2026-11-27T15:00:00.000Z'))
    expect(stockReadEarlier(only, 2, '2026-11-27T15:00:30.000Z')).toBeNull()
    expect(stockReadEarlier(only, 2, null)).toBeNull()
  })
})
