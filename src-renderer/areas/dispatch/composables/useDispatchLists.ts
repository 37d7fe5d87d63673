import { computed, ref, watch } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { dateInZone } from '@shared/localDate'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import { useBookingsStore } from '@renderer/stores/bookings'
import { isOverdue } from '../cardLines'
import { applyFilters, dispatchLists, otherAgencyOf, type DispatchFilters, type DispatchTab } from '../dispatchLists'
import type { DispatchScreen } from './dispatchScreen'

const noFilters = (): DispatchFilters => ({ agencyId: null, plannedDelivery: null })

/**
 * Dispatch's tabs and filters: which bookings each tab holds for the user's agency (dispatchLists.ts), the
 * ones the filters leave, and the other ends a filter may choose, each named (never its raw id).
 */
export function useDispatchLists(screen: Pick<DispatchScreen, 't' | 'now'>) {
  const store = useBookingsStore()
  const whoami = useWhoAmIStore()
  const { t, now } = screen
  const tab = ref<DispatchTab>('toShip')
  const filters = ref<DispatchFilters>(noFilters())

  const agencyId = computed(() => store.agencyId)
  const lists = computed(() => (agencyId.value === null ? null : dispatchLists(store.bookings, agencyId.value, now.value)))
  const visible = computed(() =>
    lists.value && agencyId.value !== null ? applyFilters(lists.value[tab.value], agencyId.value, filters.value) : [],
  )
  const filtering = computed(() => filters.value.agencyId !== null || filters.value.plannedDelivery !== null)

  /** The other ends present on this tab (destinations going out, origins coming in), and the one chosen even once its bookings have left. */
  const agencyOptions = computed(() => {
    if (!lists.value || agencyId.value === null) return []
    const own = agencyId.value
    const ids = new Set(lists.value[tab.value].flatMap((b) => otherAgencyOf(b, own) ?? []))
    if (filters.value.agencyId !== null) ids.add(filters.value.agencyId)
    return [...ids].map((id) => ({ value: id, label: store.agencyName(id) })).sort((a, b) => a.label.localeCompare(b.label))
  })
  const agencyFilterLabel = computed(() => {
    if (tab.value === 'inTransitIn') return t('dispatch.filterOrigin')
    // Delivered holds both directions.
    return tab.value === 'delivered' ? t('dispatch.filterOtherAgency') : t('dispatch.filterDestination')
  })

  /** Today for the warehouse: in the profile's zone (the core's setup day until the profile is read). */
  const today = computed(() => {
    const zone = whoami.data?.profile.timeZone
    return zone ? dateInZone(now.value, zone) : (store.setup?.today ?? dateInZone(now.value, 'UTC'))
  })
  const overdue = (b: LocalBooking): boolean => isOverdue(b, today.value, whoami.data?.profile.timeZone ?? 'UTC')

  function clearFilters(): void {
    filters.value = noFilters()
  }
  watch(tab, clearFilters)

  return { tab, filters, agencyId, lists, visible, filtering, agencyOptions, agencyFilterLabel, overdue, clearFilters }
}
