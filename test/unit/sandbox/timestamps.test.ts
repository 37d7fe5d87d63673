import { describe, expect, it } from 'vitest'
import { toDetailTimestamp, toIsoTimestamp, toStoredTimestamp } from '@sandbox/timestamps'

describe('timestamps', () => {
  it('are stored in UTC with microseconds and no zone', () => {
    expect(toStoredTimestamp(new Date('2024-03-05T07:08:09.123Z'))).toBe('2024-03-05 07:08:09.123000')
    expect(toStoredTimestamp(new Date('2024-03-05T07:08:09.123Z'), 456)).toBe('2024-03-05 07:08:09.123456')
  })

  it('are given zone-less in detail responses and as ISO 8601 in lists', () => {
    expect(toDetailTimestamp('2019-03-04 15:22:10.482913')).toBe('2019-03-04 15:22:10.482913')
    expect(toIsoTimestamp('2019-03-04 15:22:10.482913')).toBe('2019-03-04T15:22:10.482Z')
    expect(Date.parse(toIsoTimestamp('2019-03-04 15:22:10.482913'))).toBe(Date.UTC(2019, 2, 4, 15, 22, 10, 482))
  })

  it('refuse what is not a stored timestamp', () => {
    expect(() => toIsoTimestamp('2019-03-04T15:22:10Z')).toThrow(/not a stored timestamp/)
    expect(() => toDetailTimestamp('yesterday')).toThrow(/not a stored timestamp/)
  })
})
