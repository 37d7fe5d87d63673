/**
 * Takes secrets out of text bound for a support bundle. Known secrets (the
 * session's token and JWT) go first, then anything shaped like a JWT and any
 * X-User-Token value; `secretsLeft` is the check run after it, and a bundle is
 * refused when it finds anything.
 */

const jwtShape = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
// The header as logs and dumps spell it: `X-User-Token: v`, `"x-user-token":"v"`, `x_user_token=v`.
const userTokenValue = /(x[-_]user[-_]token["']?\s*[:=]\s*["']?)([^"'\s,;}&]+)/gi
const REDACTED = '[redacted]'

/** Secrets shorter than this are not searched for: they would match ordinary text. */
const MIN_SECRET_LENGTH = 6

function known(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length)
}

export function scrubSecrets(content: string, secrets: readonly string[]): string {
  let out = content
  for (const secret of known(secrets)) out = out.split(secret).join(REDACTED)
  out = out.replace(jwtShape, REDACTED)
  out = out.replace(userTokenValue, (_m, head: string, value: string) =>
    value.startsWith(REDACTED) ? `${head}${value}` : `${head}${REDACTED}`,
  )
  return out
}

/** What still looks like a secret: the kinds found, empty when the text is clean. */
export function secretsLeft(content: string, secrets: readonly string[]): string[] {
  const found: string[] = []
  if (known(secrets).some((s) => content.includes(s))) found.push('session secret')
  if (new RegExp(jwtShape.source).test(content)) found.push('JWT')
  for (const m of content.matchAll(userTokenValue)) {
    if (!(m[2] ?? '').startsWith(REDACTED)) {
      found.push('X-User-Token value')
      break
    }
  }
  return found
}
