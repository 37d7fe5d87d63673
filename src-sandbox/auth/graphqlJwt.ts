import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'

/** The JWT lives five days, as the service promises. */
export const jwtLifetimeSeconds = 5 * 24 * 60 * 60

export interface IssuedJwt {
  token: string
  expiresAt: Date
}

/**
 * Signs a JWT for a user with the sandbox clock's time. The Hasura claims
 * block mirrors what a Hasura-backed service puts in its tokens.
 */
export async function issueGraphqlJwt(secret: Uint8Array, userId: number, now: Date): Promise<IssuedJwt> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + jwtLifetimeSeconds
  const token = await new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': ['user'],
      'x-hasura-default-role': 'user',
      'x-hasura-user-id': String(userId),
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret)
  return { token, expiresAt: new Date(expiresAt * 1000) }
}

export type JwtCheck = { ok: true; userId: number } | { ok: false; message: string }

/**
 * Verifies a bearer token against the sandbox clock. Failure messages follow
 * Hasura's wording ("Could not verify JWT: JWTExpired") so a client that
 * matches on them behaves as it would against the service.
 */
export async function verifyGraphqlJwt(secret: Uint8Array, token: string, now: Date): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now })
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId)) return { ok: false, message: 'Could not verify JWT: JWTClaimsInvalid (sub)' }
    return { ok: true, userId }
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, message: 'Could not verify JWT: JWTExpired' }
    if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      return { ok: false, message: 'Could not verify JWT: JWSError JWSInvalidSignature' }
    if (err instanceof joseErrors.JWTClaimValidationFailed)
      return { ok: false, message: `Could not verify JWT: JWTClaimsInvalid (${err.claim})` }
    if (err instanceof joseErrors.JOSEAlgNotAllowed) return { ok: false, message: 'Could not verify JWT: JWSError JWSInvalidAlgorithm' }
    return { ok: false, message: 'Could not verify JWT: JWSError CompactDecodeError' }
  }
}
