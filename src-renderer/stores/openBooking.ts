import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { useWhoAmIStore } from './whoami'
import { blankForm, useOpenBookingFields } from './openBookingFields'
import { createOpenBookingKeep } from './openBookingKeep'
import { useOpenBookingRestore } from './openBookingRestore'

/**
 * The booking being typed at the counter. It lives here, not
 * in the view, so answering the phone on another screen and coming back finds it
 * as it was; and it is kept in the current entity's cache as it is typed (see the
 * core's OpenBookingService), so a reload, a crash or a restart finds it too.
 * It belongs to the entity it was started in: another entity has its own.
 */
export const useOpenBookingStore = defineStore('openBooking', () => {
  const whoami = useWhoAmIStore()
  const { form, fill, ...fields } = useOpenBookingFields((atOnce) => keep.typed(atOnce))
  // Typed and not kept yet: set at the first key, cleared when the write of the last thing typed lands. Not a
  // request's busy flag, so not useSubmit's: its keep coalesces a burst of typing into one write.
  const pending = ref(false)
  const state = { entityId: ref<number | null>(null), keptAt: ref<string | null>(null), pending }
  const { entityId, keptAt } = state
  const keep = createOpenBookingKeep(state, { empty: fields.empty, form })
  const { restoredAt, restore, forgetRestore, restoreError, catchUpDelivery } = useOpenBookingRestore(
    state,
    { ...fields, form, fill },
    keep.typed,
  )
  /** Why the form on screen is not kept: its last write failed, or the company it belongs to is not known yet. */
  const keepError = computed(() => keep.error.value ?? restoreError.value)

  /** An empty form for today, with nothing left of the last one (no restore note, no keep waiting to start). */
  function clear(today: string | null): void {
    keep.forgetTyped()
    fill(blankForm(today))
    restoredAt.value = null
  }

  /** The form was saved as a booking, or the clerk discarded it: empty it, and what was kept goes too. */
  function reset(today: string | null): void {
    clear(today)
    void keep.flush()
  }

  /** The save forgot the kept form: empty the one on screen, with nothing left to write. */
  function saved(today: string | null): void {
    clear(today)
    keptAt.value = null
    pending.value = false
  }

  // Another company (or account): this form stays kept for the one it was started in; the new one restores its own.
  watch(
    () => whoami.currentEntity?.id ?? null,
    (current, before) => {
      // A switch, not the profile's first arrival (which names the entity a restore under way reads).
      if (before !== null && current !== before) forgetRestore()
      if (entityId.value === null || current === entityId.value) return
      keep.cancel()
      keep.forgetError()
      fill(blankForm(null))
      entityId.value = null
      restoredAt.value = null
      keptAt.value = null
      pending.value = false
    },
    { flush: 'sync' },
  )

  return {
    ...fields,
    entityId,
    restoredAt,
    keptAt,
    pending,
    keepError,
    reset,
    /**
     * Before the form is saved as a booking (whose save forgets the kept form in its own transaction):
     * no keep is left to start, and the one under way has landed, so none arrives after the save.
     */
    settle: keep.settle,
    saved,
    restore,
    catchUpDelivery,
    flush: keep.flush,
  }
})
