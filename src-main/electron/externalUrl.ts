/**
 * Whether a link the page asked to open may be handed to the OS browser. Only
 * plain web addresses: never file:, smb:, javascript: or a custom scheme that
 * would launch another program, and never one carrying credentials.
 */
export function isSafeExternalUrl(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length > 2048) return false
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return false
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hostname !== ''
}
