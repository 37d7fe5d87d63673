import { computed, ref } from 'vue'
import type { OpenBooking } from '@shared/openBooking'
import { dayInZone } from '@shared/localDate'
import { request } from '../api'
import { createLoader } from './loader'
import { useWhoAmIStore } from './whoami'
import { blankForm, type useOpenBookingFields } from './openBookingFields'
import type { KeepState } from './openBookingKeep'

type Fields = ReturnType<typeof useOpenBookingFields>

/** Restoring the current entity's open booking from its cache, and the restored form's note and delivery day. */
export function useOpenBookingRestore(state: KeepState, fields: Fields, typed: (atOnce: boolean) => void) {
  const { entityId, keptAt, pending } = state
  const whoami = useWhoAmIStore()
  /** When the form on screen was kept before a reload or a restart (ISO), for the note; null otherwise. */
  const restoredAt = ref<string | null>(null)

  function show(open: OpenBooking | null, current: number, today: string | null): void {
    fields.fill(open?.form ?? blankForm(today))
    entityId.value = current
    restoredAt.value = open?.savedAt ?? null
    keptAt.value = open?.savedAt ?? null
    pending.value = false
  }

  // Its failure: the entity is not known yet (first start offline); the form works, nothing is kept until it is.
  const reading = createLoader(
    () => request('counter.openBooking'),
    ({ entityId: current, open }) => {
      if (entityId.value === current) return
      if (entityId.value === null && !fields.empty()) {
        // Typed before the entity was known (a slow start): that is the newest form, keep it for this entity.
        entityId.value = current
        typed(false)
        return
      }
      show(open, current, blankDay)
    },
  )
  /** The day an empty form gets: the one the restore under way was asked with. */
  let blankDay: string | null = null

  /**
   * Shows the current entity's open booking: the one in memory when it is this
   * entity's, else the one kept in its cache (with the note), else an empty form.
   */
  let restoring: Promise<void> | null = null
  function restore(day: string | null): Promise<void> {
    if (restoring) return restoring
    blankDay = day
    const read = reading.load().then(() => {
      if (restoring === read) restoring = null
    })
    return (restoring = read)
  }

  /** Another company: a restore still on its way is the last one's, and the next restore reads again. */
  function forgetRestore(): void {
    reading.reset()
    restoring = null
  }

  /**
   * A form restored with a planned-delivery day that has passed (kept yesterday, the app started today):
   * today instead, as a new form gets, and kept so; `movedDelivery` keeps the old day for the note.
   * `clerksToday` gives the clerk's day in the profile's zone, asked only when a form was restored (the first
   * zone format loads the time-zone data, ~15 ms that a cold start would wait for); a day from a transfer
   * request may be a timestamp, read as its day there. Days are `YYYY-MM-DD`, so text order is date order.
   */
  function catchUpDelivery(clerksToday: () => string): void {
    const day = fields.plannedDelivery.value
    if (restoredAt.value === null || !day) return
    const today = clerksToday()
    if (dayInZone(day, whoami.data?.profile.timeZone ?? 'UTC') >= today) return
    fields.plannedDelivery.value = today
    fields.movedDelivery.value = day
  }

  return { restoredAt, restore, forgetRestore, restoreError: computed(() => reading.error), catchUpDelivery }
}
