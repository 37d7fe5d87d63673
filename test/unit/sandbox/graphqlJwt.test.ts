import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { issueGraphqlJwt, jwtLifetimeSeconds, verifyGraphqlJwt } from '@sandbox/auth/graphqlJwt'

const secret = new Uint8Array(32).fill(7)
const at = (iso: string) => new Date(iso)

describe('GraphQL JWTs', () => {
  it('carry the user as sub, Hasura claims, and a five-day life', async () => {
    const { token, expiresAt } = await issueGraphqlJwt(secret, 5001, at('2025-03-01T12:00:00.400Z'))
    const claims = decodeJwt(token)
    expect(claims.sub).toBe('5001')
    expect(claims['https://hasura.io/jwt/claims']).toMatchObject({ 'x-hasura-user-id': '5001', 'x-hasura-default-role': 'user' })
    expect(claims.exp! - claims.iat!).toBe(jwtLifetimeSeconds)
    expect(expiresAt.toISOString()).toBe('2025-03-06T12:00:00.000Z')
  })

  it('verify until the expiry and not a second after', async () => {
    const { token } = await issueGraphqlJwt(secret, 5001, at('2025-03-01T12:00:00Z'))
    expect(await verifyGraphqlJwt(secret, token, at('2025-03-06T11:59:59Z'))).toEqual({ ok: true, userId: 5001 })
    expect(await verifyGraphqlJwt(secret, token, at('2025-03-06T12:00:01Z'))).toEqual({
      ok: false,
      message: 'Could not verify JWT: JWTExpired',
    })
  })

  it('fail with Hasura-worded messages on a wrong secret or garbage', async () => {
    const { token } = await issueGraphqlJwt(secret, 5001, new Date())
    const wrong = await verifyGraphqlJwt(new Uint8Array(32).fill(8), token, new Date())
    expect(wrong).toEqual({ ok: false, message: expect.stringMatching(/^Could not verify JWT: JWS/) })
    expect(await verifyGraphqlJwt(secret, 'abc', new Date())).toEqual({
      ok: false,
      message: expect.stringMatching(/^Could not verify JWT/),
    })
  })
})
