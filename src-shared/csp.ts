import type { SessionStatus } from './domain'

/**
 * The renderer's Content Security Policy, written once. The Electron shell
 * (its app:// handler, and the dev server's answers) and the browser host send
 * it as a response header with the page: every way the page is served sets it,
 * so index.html carries no meta tag of its own (a static one could not name the
 * signed-in service).
 *
 * naive-ui and CodeMirror inject <style> at run time, hence 'unsafe-inline' for
 * styles only; scripts stay 'self' with no eval. Images come from the app
 * itself, data: (naive-ui's tree drags a data: picture) and the signed-in
 * service, whose company logos and bundle pictures are its uploads: nothing
 * else, so not even an <img> can carry data to another host. A page's policy is
 * fixed when it loads; the renderer loads the page again when a session on
 * another service begins (src-renderer/stores/pageServiceOrigin.ts).
 */
export const rendererCspDirectives = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
] as const

/** The policy for a page whose images may also come from these origins (the signed-in service's). */
export function contentSecurityPolicyFor(imageOrigins: readonly string[]): string {
  return rendererCspDirectives
    .map(([name, value]) => `${name} ${name === 'img-src' ? [value, ...imageOrigins].join(' ') : value}`)
    .join('; ')
}

/** The policy with no service: signed out, or before the core has said who is signed in. */
export const contentSecurityPolicy = contentSecurityPolicyFor([])

/** The origins a session's pictures come from: the service it is signed in to (none when signed out). */
export function serviceImageOrigins(status: SessionStatus | null): string[] {
  if (status?.state !== 'signed_in') return []
  try {
    const url = new URL(status.serverUrl)
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : []
  } catch {
    return []
  }
}

/** Directive name → sources, for comparing two policies regardless of spacing and order. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}
