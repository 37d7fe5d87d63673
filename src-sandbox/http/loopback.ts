import { isIPv4, isIPv6 } from 'node:net'

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false
  const lower = address.toLowerCase()
  const mapped = lower.startsWith('::ffff:') ? lower.slice(7) : lower
  if (isIPv4(mapped)) return mapped.startsWith('127.')
  if (isIPv6(lower)) return lower === '::1' || lower === '0:0:0:0:0:0:0:1'
  return false
}

/**
 * True when a Host header names this machine by a loopback name. A page on
 * another site that rebinds its DNS name to 127.0.0.1 still sends its own
 * name here, so this keeps such pages out of the control door.
 */
export function isLoopbackHost(host: string | undefined | null): boolean {
  if (!host) return false
  const lower = host.toLowerCase()
  let name: string
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']')
    if (end < 0) return false
    name = lower.slice(1, end)
  } else {
    name = lower.split(':')[0] ?? ''
  }
  return name === 'localhost' || isLoopbackAddress(name)
}
