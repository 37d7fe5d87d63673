import { describe, expect, it } from 'vitest'
import { redirectedMethod, redirectTarget } from '@core/api/redirects'

const from = new URL('https://erp.example.com/pos/bookings.json')
const answer = (status: number, location?: string) => ({ status, location })

describe('where a redirect sends a request', () => {
  it('resolves a place on the same origin, relative or absolute', () => {
    expect(redirectTarget(answer(302, '/pos/bookings/7.json'), from, 'POST /pos/bookings.json')?.href).toBe(
      'https://erp.example.com/pos/bookings/7.json',
    )
    expect(redirectTarget(answer(303, 'https://erp.example.com/x.json?a=1'), from, 'w')?.href).toBe('https://erp.example.com/x.json?a=1')
  })

  it('is no redirect without a Location or with another status', () => {
    expect(redirectTarget(answer(302), from, 'w')).toBeNull()
    expect(redirectTarget(answer(200, '/x'), from, 'w')).toBeNull()
    expect(redirectTarget(answer(304, '/x'), from, 'w')).toBeNull()
  })

  it('refuses another origin: another host, port or scheme', () => {
    for (const elsewhere of [
      'https://evil.example.net/x',
      'https://erp.example.com:8443/x',
      'http://erp.example.com/x',
      '//evil.example.net/x',
    ]) {
      expect(() => redirectTarget(answer(302, elsewhere), from, 'POST /pos/bookings.json'), elsewhere).toThrow(
        expect.objectContaining({ code: 'redirected_elsewhere', status: 302 }),
      )
    }
  })

  it('asks again with the same request for 307 and 308, with a GET (HEAD stays HEAD) otherwise', () => {
    expect(redirectedMethod(307, 'POST')).toEqual({ method: 'POST', sameBody: true })
    expect(redirectedMethod(308, 'PATCH')).toEqual({ method: 'PATCH', sameBody: true })
    expect(redirectedMethod(303, 'POST')).toEqual({ method: 'GET', sameBody: false })
    expect(redirectedMethod(301, 'HEAD')).toEqual({ method: 'HEAD', sameBody: false })
  })
})
