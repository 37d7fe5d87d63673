import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type { OpenBookingForm } from '@shared/openBooking'
import { AppError } from '@shared/errors'
import { dayInZone } from '@shared/localDate'
import { request } from '../api'
import { useWhoAmIStore } from './whoami'
import type { FormLine } from './bookingFormLines'

/** Typing in a field is kept this long after the last key; a scanned line at once. */
const KEEP_AFTER_MS = 400

/** Restored lines get keys below zero: bookingFormLines numbers new lines from 1 in every page load. */
let restoredKey = 0

/**
 * The booking being typed at the counter. It lives here, not
 * in the view, so answering the phone on another screen and coming back finds it
 * as it was; and it is kept in the current entity's cache as it is typed (see the
 * core's OpenBookingService), so a reload, a crash or a restart finds it too.
 * It belongs to the entity it was started in: another entity has its own.
 */
export const useOpenBookingStore = defineStore('openBooking', () => {
  const whoami = useWhoAmIStore()

  const destination = ref<number | null>(null)
  const plannedDelivery = ref<string | null>(null)
  const reference = ref('')
  const needsTransport = ref(true)
  const transferRequestId = ref<number | null>(null)
  // Replaced at every change, never changed in place (a line's lots are the scan's frozen answer): the lines stay
  // plain objects, so the figures worked out from them at each scan (over stock, expired lots) read no proxies.
  const lines = shallowRef<FormLine[]>([])

  /** The entity this form belongs to; null until it was restored for one (nothing is kept before). */
  const entityId = ref<number | null>(null)
  /** When the form on screen was kept before a reload or a restart (ISO), for the note; null otherwise. */
  const restoredAt = ref<string | null>(null)
  /** The planned-delivery day the restored form had when that day had passed (it was moved to today); null otherwise. */
  const movedDelivery = ref<string | null>(null)
  /** When the form was last kept in the cache; null when nothing is kept. */
  const keptAt = ref<string | null>(null)
  /** Typed and not kept yet. */
  const pending = ref(false)
  /** Why the last keep failed (the form stays on screen all the same). */
  const keepError = ref<AppError | null>(null)

  const empty = () =>
    lines.value.length === 0 && destination.value === null && reference.value.trim() === '' && transferRequestId.value === null

  function form(): OpenBookingForm {
    return {
      destination: destination.value,
      plannedDelivery: plannedDelivery.value,
      reference: reference.value,
      needsTransport: needsTransport.value,
      transferRequestId: transferRequestId.value,
      // Plain copies: a proxy does not travel over IPC.
      lines: lines.value.map((l) => ({ ...l, lots: l.lots.map((lot) => ({ ...lot })) })),
    }
  }

  // Filling the form from the cache or emptying it is not typing: nothing to keep.
  let quiet = false
  function fill(next: OpenBookingForm): void {
    quiet = true
    try {
      destination.value = next.destination
      plannedDelivery.value = next.plannedDelivery
      reference.value = next.reference
      needsTransport.value = next.needsTransport
      transferRequestId.value = next.transferRequestId
      lines.value = next.lines.map((l) => ({ ...l, key: --restoredKey }))
      movedDelivery.value = null
    } finally {
      quiet = false
    }
  }
  const blank = (today: string | null): OpenBookingForm => ({
    destination: null,
    plannedDelivery: today,
    reference: '',
    needsTransport: true,
    transferRequestId: null,
    lines: [],
  })

  // Writes go one after another, each with the form as it is when it starts, so the last one kept is the last typed.
  let revision = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let chain: Promise<void> = Promise.resolve()
  let queued = false

  async function write(): Promise<void> {
    const owner = entityId.value
    if (owner === null) return
    const at = revision
    try {
      if (empty()) {
        if (keptAt.value !== null) await request('counter.dropOpenBooking', { entityId: owner })
        if (entityId.value === owner) keptAt.value = null
      } else {
        const { savedAt } = await request('counter.keepOpenBooking', { entityId: owner, form: form() })
        if (entityId.value === owner) keptAt.value = savedAt
      }
      keepError.value = null
      if (at === revision) pending.value = false
    } catch (err) {
      const error = AppError.from(err)
      // conflict: the company changed under a write for the one before; that form was left behind on purpose.
      if (error.code !== 'conflict' && entityId.value === owner) keepError.value = error
    }
  }

  /** Keeps the form now (a write already waiting will take the latest state). */
  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    if (queued) return chain
    queued = true
    chain = chain.then(() => {
      queued = false
      return write()
    })
    return chain
  }

  function changed(atOnce: boolean): void {
    if (quiet || entityId.value === null) return
    revision++
    pending.value = true
    clearTimeout(timer)
    // The timer also covers a hidden window, where frames do not come.
    timer = setTimeout(() => void flush(), KEEP_AFTER_MS)
    // At once, but after the frame that shows the new line: the write never delays what the clerk sees.
    if (atOnce) requestAnimationFrame(() => setTimeout(() => void flush()))
  }

  watch([destination, plannedDelivery, reference, needsTransport, transferRequestId], () => changed(false), { flush: 'sync' })
  watch(lines, (now, before) => changed(now.length > before.length), { flush: 'sync' })

  /**
   * Shows the current entity's open booking: the one in memory when it is this
   * entity's, else the one kept in its cache (with the note), else an empty form.
   */
  let restoring: Promise<void> | null = null
  function restore(today: string | null): Promise<void> {
    restoring ??= (async () => {
      try {
        const { entityId: current, open } = await request('counter.openBooking')
        if (entityId.value === current) return
        if (entityId.value === null && !empty()) {
          // Typed before the entity was known (a slow start): that is the newest form, keep it for this entity.
          entityId.value = current
          changed(false)
          return
        }
        fill(open?.form ?? blank(today))
        entityId.value = current
        restoredAt.value = open?.savedAt ?? null
        keptAt.value = open?.savedAt ?? null
        pending.value = false
        keepError.value = null
      } catch (err) {
        // The entity is not known yet (first start offline): the form works, nothing is kept until it is.
        keepError.value = AppError.from(err)
      } finally {
        restoring = null
      }
    })()
    return restoring
  }

  /**
   * A form restored with a planned-delivery day that has passed (kept yesterday, the app started today):
   * today instead, as a new form gets, and kept so; `movedDelivery` keeps the old day for the note.
   * `clerksToday` gives the clerk's day in the profile's zone, asked only when a form was restored (the first
   * zone format loads the time-zone data, ~15 ms that a cold start would wait for); a day from a transfer
   * request may be a timestamp, read as its day there. Days are `YYYY-MM-DD`, so text order is date order.
   */
  function catchUpDelivery(clerksToday: () => string): void {
    const day = plannedDelivery.value
    if (restoredAt.value === null || !day) return
    const today = clerksToday()
    if (dayInZone(day, whoami.data?.profile.timeZone ?? 'UTC') >= today) return
    plannedDelivery.value = today
    movedDelivery.value = day
  }

  /** An empty form for today, with nothing left of the last one (no restore note, no keep waiting to start). */
  function clear(today: string | null): void {
    clearTimeout(timer)
    fill(blank(today))
    restoredAt.value = null
    revision++
  }

  /** The form was saved as a booking, or the clerk discarded it: empty it, and what was kept goes too. */
  function reset(today: string | null): void {
    clear(today)
    void flush()
  }

  /**
   * Before the form is saved as a booking (whose save forgets the kept form in its own transaction):
   * no keep is left to start, and the one under way has landed, so none arrives after the save.
   */
  function settle(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    return chain
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
    (current) => {
      if (entityId.value === null || current === entityId.value) return
      clearTimeout(timer)
      fill(blank(null))
      entityId.value = null
      restoredAt.value = null
      keptAt.value = null
      pending.value = false
      keepError.value = null
    },
    { flush: 'sync' },
  )

  return {
    destination,
    plannedDelivery,
    reference,
    needsTransport,
    transferRequestId,
    lines,
    entityId,
    restoredAt,
    movedDelivery,
    keptAt,
    pending,
    keepError,
    reset,
    settle,
    saved,
    empty,
    restore,
    catchUpDelivery,
    flush,
  }
})
