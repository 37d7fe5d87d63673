import { computed, ref, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { CounterSetup } from '@shared/counter'
import { bookingCode as codeOf, bookingLabel } from '@shared/bookingIdentity'
import { bookingSearch, noFilter, type BookingsFilter } from './bookingsFilter'

/** The bookings list of the counter's agency, its search and filters, and the names a clerk reads on it. */
export function useOurBookings(bookings: Ref<LocalBooking[]>, setup: Ref<CounterSetup | null>) {
  const agencyId = computed(() => setup.value?.agency?.id ?? null)
  const byLocalId = computed(() => new Map(bookings.value.map((b) => [b.localId, b])))

  /** The bookings list: those leaving my agency, open and of the last days (the refresh keeps 30 days of history), newest first. */
  const ours = computed(() =>
    bookings.value
      .filter((b) => agencyId.value === null || b.agencyFromId === agencyId.value)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  )
  /** The list's search and filters: kept here, so they survive leaving the screen and coming back. */
  const listFilter = ref<BookingsFilter>({ ...noFilter })
  // A new search (and its cached texts) when the destination names change.
  const search = computed(() => {
    const names = new Map((setup.value?.agencies ?? []).map((a) => [a.id, a.name]))
    return bookingSearch((id) => names.get(id) ?? '')
  })
  const listed = computed(() => search.value(ours.value, listFilter.value))

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return setup.value?.agencies.find((a) => a.id === id)?.name ?? `#${id}`
  }

  /** The one name a clerk reads everywhere: the local reference, then the service's number with it beside (bookingIdentity.ts). */
  function bookingNumber(b: LocalBooking): string {
    return bookingLabel(b)
  }

  /** What a barcode carries: the service's number once confirmed, else the local reference. */
  function bookingCode(b: LocalBooking): string {
    return codeOf(b)
  }

  return { agencyId, byLocalId, ours, listFilter, listed, agencyName, bookingNumber, bookingCode }
}
