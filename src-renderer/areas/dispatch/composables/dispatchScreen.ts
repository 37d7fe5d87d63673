import type { Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { LotFreshness } from '@shared/lots'

/** A message of the app's, filled in (with its plural form chosen by `plural`): the screen's `t`, or the i18n instance's in a test. */
export type Words = (key: string, values?: Record<string, unknown>, plural?: number) => string

/**
 * What Dispatch's controller asks of the screen it runs under: the words, the clock, and the few things only
 * a drawn page can do (focus, scroll, a toast, a beep, a print). The view gives the real ones; a test gives
 * stand-ins and watches what the controller asked for.
 */
export interface DispatchScreen {
  t: Words
  /** A decimal quantity as the catalogue writes it. */
  quantity: (value: string) => string
  /** A lot's date on the clerk's day: expired, within the warning days, or fresh. */
  freshness: (expires: string | null) => LotFreshness
  /** The screen's clock (ticks with the auto refresh). */
  now: Ref<Date>
  /** Reads the service again (F5, the refresh button). */
  refresh: () => void
  focusScan: () => void
  /** Lets go of the scan box (a second Esc), so the plain digit keys open tabs. */
  blurScan: () => void
  /** Puts the focus on the open booking's first count field; false when there is none. */
  focusFirstCount: () => boolean
  /** Brings the booking's card or row into view. */
  reveal: (localId: string) => void
  say: (kind: 'success' | 'error', text: string) => void
  beep: () => void
  printManifest: (bookings: LocalBooking[]) => Promise<unknown>
}
