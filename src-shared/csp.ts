/**
 * The renderer's Content Security Policy, written once. The Electron shell and
 * the browser host send it as a response header and `src-renderer/index.html`
 * repeats it in a meta tag (a file:// page gets no headers); a security test
 * keeps the two identical.
 *
 * naive-ui and CodeMirror inject <style> at run time, hence 'unsafe-inline' for
 * styles only; scripts stay 'self' with no eval. Company logos and bundle
 * images are served from wherever the service keeps its uploads (its own host,
 * a storage bucket), so images are the one open door: an <img> runs no code,
 * and the page can still fetch nothing (connect-src 'self').
 */
export const rendererCspDirectives = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: https: http:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
] as const

export const contentSecurityPolicy = rendererCspDirectives.map(([name, value]) => `${name} ${value}`).join('; ')

/** Directive name → sources, for comparing two policies regardless of spacing and order. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}
