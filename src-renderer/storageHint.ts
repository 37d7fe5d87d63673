/**
 * Reads or writes a hint kept in the browser's storage (the last first screen, the last profile's language).
 * Storage can be unavailable or full; a hint is never worth an error: null instead.
 */
export function safely<T>(use: () => T): T | null {
  try {
    return use()
  } catch {
    return null
  }
}
