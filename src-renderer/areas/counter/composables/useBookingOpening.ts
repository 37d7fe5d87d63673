import { ref } from 'vue'
import type { CounterSetup } from '@shared/counter'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import type { BookingFields } from './bookingFields'

export interface BookingOpeningNeeds {
  editing: boolean
  fields: BookingFields
  setup: () => CounterSetup | null
  today: () => string | null
  restoreOpen: (day: string | null) => Promise<void>
  loadBooking: () => Promise<void>
}

/** The form's first reads, what it does once drawn, and the scans read ahead while it is shown. */
export function useBookingOpening({ editing, fields, setup, today, restoreOpen, loadBooking }: BookingOpeningNeeds) {
  const bookings = useBookingsStore()
  const reads = useCounterReads()
  const openBooking = useOpenBookingStore()
  const catalogue = useCatalogueStore()

  /** The first reads are in: until then the scanner waits (a scan must not race the kept booking's restore). */
  const opened = ref(false)
  // Read together, not one after another, and asked for now rather than once the screen is drawn, so the host answers
  // while the shell and the form mount (they are the cold start's last step, test/bench/shell/coldLoad.bench.ts):
  // the booking typed before a reload, a crash or a restart (kept in this entity's cache), the catalogue's state, the setup.
  const opening = Promise.all([editing ? null : restoreOpen(null), catalogue.loadStatus(), bookings.loadSetup()]).then(() => {
    opened.value = true
  })

  /** Once the first reads are in and the screen is drawn: the catalogue, the booking edited, today's date. */
  async function open(): Promise<void> {
    // The counter books from the cached catalogue: the first time here, fetch it.
    if (catalogue.status && !catalogue.hasSnapshot && !catalogue.pulling) void catalogue.pull()
    // Never read from this server yet: what it offers (POS settings, transfer requests) is learnt by a refresh.
    if (!setup()?.refreshedAt) void bookings.refresh()
    if (editing) await loadBooking()
    else if (!fields.plannedDelivery) fields.plannedDelivery = today()
  }

  // After the first screen, while it is shown: codes new to this window become lines in the first frame too (stores/scanIndex.ts).
  let left = false
  const readAhead = () => left || reads.warmScans()
  function close(): void {
    left = true
    reads.coolScans()
    // Said once: coming back to the screen finds the form as it is, with nothing to announce.
    openBooking.restoredAt = null
  }

  return { opened, opening, open, readAhead, close }
}
