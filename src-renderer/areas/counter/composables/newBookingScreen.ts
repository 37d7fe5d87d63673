import type { LotFreshness } from '@shared/lots'
import type { RequiredField } from '../components/BookingHeaderFields.vue'

/** A message of the app's, filled in (`plural`: the count that picks its form): the screen's `t`, or the i18n instance's in a test. */
export type Translate = (key: string, values?: Record<string, unknown>, plural?: number) => string

/**
 * What New booking's controller asks of the screen it runs under: the words, the clerk's day, and the
 * few things only a drawn page can do (focus, scroll, a toast, a question, another screen). The view
 * gives the real ones; a test gives stand-ins and watches what the form asked for.
 */
export interface NewBookingScreen {
  t: Translate
  /** A YYYY-MM-DD day as the clerk reads it. */
  day: (value: string | null) => string | null
  /** The clerk's day in the profile's zone (the first call loads the zone's data). */
  today: () => string
  /** A lot's date on the clerk's day: expired, within the warning days (the setting's), or fresh. */
  freshness: (expires: string | null) => LotFreshness
  focusScan: () => void
  /** The lot list of the line with this key (a line that needs its lot chosen). */
  focusLot: (key: number) => void
  focusField: (field: RequiredField) => void
  /** The quantity of the line with this key, its figure selected to be typed over, in view. */
  focusQuantity: (key: number) => void
  /** Brings the selected line into view in the frame that draws it, unless something else is brought into view first. */
  revealSelected: () => void
  /** Brings the first field Ctrl+Enter found missing into view. */
  revealMissing: () => void
  say: (kind: 'success' | 'warning' | 'error', text: string) => void
  /** Asks before the typed form is thrown away; `discard` runs on yes. */
  confirmDiscard: (discard: () => void) => void
  /** Leaves for the bookings list (an edit saved or abandoned). */
  toBookings: () => Promise<unknown>
}
