import { watch } from 'vue'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import type { NewBookingScreen } from './newBookingScreen'

export interface OpenBookingRestoreNeeds {
  editing: boolean
  screen: Pick<NewBookingScreen, 'today'>
  today: () => string | null
  /** Nothing said or to take back of the form before (the lines editor's forget). */
  forget: () => void
}

/**
 * The counter's open booking back on screen: the one kept in this entity's cache when the form opens, and
 * another company's own (or an empty form) when the clerk switches; the one typed here stays kept for its company.
 */
export function useOpenBookingRestore({ editing, screen, today, forget }: OpenBookingRestoreNeeds) {
  const openBooking = useOpenBookingStore()
  const whoami = useWhoAmIStore()

  // The profile's first arrival after the opening reads (a cold start) is no switch: they were of the core's current entity.
  let entityKnown = whoami.currentEntity !== null
  watch(
    () => whoami.currentEntity?.id,
    (entity) => {
      if (!entityKnown) {
        entityKnown = entity !== undefined
        if (entityKnown) return
      }
      forget()
      if (!editing) void restoreOpen(today())
    },
  )
  /** The profile has been read, or could not be (then days are the computer's, as they were before it). */
  const profileSettled = new Promise<void>((resolve) => {
    const settled = () => whoami.data !== null || whoami.error !== null
    if (settled()) return resolve()
    const stop = watch(settled, (now) => {
      if (!now) return
      stop()
      resolve()
    })
  })
  /**
   * This entity's open booking back on screen; a planned-delivery day that passed since moves to the clerk's today,
   * once the profile says which day that is: a cold start restores before the profile is read, and UTC's day is
   * tomorrow's in the evening in the Americas.
   */
  async function restoreOpen(day: string | null): Promise<void> {
    await openBooking.restore(day)
    void profileSettled.then(() => openBooking.catchUpDelivery(screen.today))
  }

  return { restoreOpen }
}
