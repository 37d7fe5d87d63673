import { computed, watch } from 'vue'
import type { CounterSetup } from '@shared/counter'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { useWhoAmIStore } from '@renderer/stores/whoami'

/**
 * The counter's setup as the form uses it (the day, the agency booked from, what this server lacks), read
 * again when a pull brings new agencies or stock or the clerk's agency arrives.
 */
export function useCounterSetup(editing: boolean) {
  const bookings = useBookingsStore()
  const catalogue = useCatalogueStore()
  const whoami = useWhoAmIStore()

  const setup = computed(() => bookings.setup)
  const today = () => setup.value?.today ?? null
  const canBook = computed(() => !!setup.value?.agency)
  /** What this server does not offer (sandbox extensions it lacks): the counter goes without it and says so. */
  const lacks = (what: CounterSetup['unavailable'][number]) => setup.value?.unavailable.includes(what) ?? false
  /** A new booking may start from a transfer request, where the server has them. */
  const canStartFromRequest = computed(() => !editing && !lacks('transferRequests'))

  // Agencies and stock come with the catalogue: a fresh pull may bring new ones;
  // the user's own agency comes with the profile, read again after a failure.
  watch(
    () => [catalogue.revision, whoami.data?.agency?.id] as const,
    ([revision, agency], [revisionBefore]) => {
      // The profile arriving after the first reads (a cold start) names the agency the setup already has: nothing to read again.
      if (revision === revisionBefore && agency !== undefined && agency === setup.value?.agency?.id) return
      void bookings.loadSetup()
    },
  )

  return { setup, today, canBook, lacks, canStartFromRequest }
}
