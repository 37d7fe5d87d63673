import { describe, expect, it } from 'vitest'
import { scrubSecrets, secretsLeft } from '@core/support/scrub'

const token = 'tok-9f8e7d6c5b4a'
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.c2lnbmF0dXJl'

describe('the support bundle scrubber', () => {
  it('cuts the session token out wherever it stands', () => {
    const text = `token=${token} and again "${token}"`
    expect(secretsLeft(text, [token])).toEqual(['session secret'])
    const clean = scrubSecrets(text, [token])
    expect(clean).not.toContain(token)
    expect(secretsLeft(clean, [token])).toEqual([])
  })

  it('cuts out any JWT-shaped string, known or not', () => {
    const text = `Authorization: Bearer ${jwt}`
    expect(secretsLeft(text, [])).toEqual(['JWT'])
    expect(scrubSecrets(text, [])).toBe('Authorization: Bearer [redacted]')
  })

  it('cuts out X-User-Token values however they are spelt', () => {
    for (const text of ['X-User-Token: abcdef123', '{"x-user-token":"abcdef123"}', "x_user_token='abcdef123'"]) {
      expect(secretsLeft(text, [])).toEqual(['X-User-Token value'])
      const clean = scrubSecrets(text, [])
      expect(clean).not.toContain('abcdef123')
      expect(secretsLeft(clean, [])).toEqual([])
    }
  })

  it('leaves ordinary text alone', () => {
    const text = '{"level":30,"msg":"pushed 3 bookings","reference":"B-1"}'
    expect(scrubSecrets(text, [token, 'ab'])).toBe(text)
    expect(secretsLeft(text, [token])).toEqual([])
  })
})
