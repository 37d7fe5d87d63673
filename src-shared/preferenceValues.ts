/**
 * The values of the preferences that a window needs as it starts, apart from their schemas in domain.ts:
 * importing a value from domain.ts builds every schema there, which the window's first screen does not need.
 * The schemas draw their defaults from here, so each is written once.
 */

export const languages = ['es', 'en'] as const

/**
 * Days before its expiry a lot is marked as near. Not in lots.ts: the contract reaches the sandboxed
 * preload, which can require nothing but electron (lots.ts needs decimal.js).
 */
export const defaultNearExpiryDays = 30

/**
 * A computer that has chosen nothing yet: the system's theme and language, no station, every other default.
 * Typed by its values, not as Preferences, which domain.ts derives from a schema built on these.
 */
export const defaultPreferences = {
  theme: 'system' as const,
  language: null,
  station: null,
  receptionCount: 'scan' as const,
  nearExpiryDays: defaultNearExpiryDays,
  dispatchView: 'cards' as const,
  toursSeen: [] as never[],
  stockAgencies: [] as never[],
  printer: null,
  paper: 'a4' as const,
  printSlipOnSave: false,
}
