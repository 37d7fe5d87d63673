import { dateInZone } from '@shared/localDate'
import { lotFreshness, type LotFreshness } from '@shared/lots'
import { usePreferencesStore } from '../stores/preferences'
import { useWhoAmIStore } from '../stores/whoami'

/**
 * Whether a lot is expired, near expiry (the setting's days) or fresh, as of today in the profile's zone:
 * the booking line, the dispatch card and the slip mark it the same way (red, amber, nothing).
 */
export function useLotFreshness() {
  const preferences = usePreferencesStore()
  const whoami = useWhoAmIStore()
  /** The clerk's day; read at each call, so a counter left open overnight marks by the new day. */
  const today = (): string => dateInZone(new Date(), whoami.timeZone)
  function freshness(expires: string | null | undefined): LotFreshness {
    // A lot without a date is fresh on any day: the day (a format in the profile's zone) is asked for only
    // for a dated one, not for every line, card and slip row drawn.
    if (expires === null || expires === undefined) return 'fresh'
    return lotFreshness(expires, today(), preferences.preferences.nearExpiryDays)
  }
  return { freshness, today }
}
