import { computed, type Ref } from 'vue'
import type { OpenBookingForm } from '@shared/openBooking'
import { AppError } from '@shared/errors'
import { request } from '../api'
import { createLoader } from './loader'

/** Typing in a field is kept this long after the last key; a scanned line at once. */
const KEEP_AFTER_MS = 400

/** What the keep of the open booking says on screen, and the entity it is kept for. */
export interface KeepState {
  /** The entity this form belongs to; null until it was restored for one (nothing is kept before). */
  entityId: Ref<number | null>
  /** When the form was last kept in the cache; null when nothing is kept. */
  keptAt: Ref<string | null>
  /** Typed and not kept yet. */
  pending: Ref<boolean>
}

/**
 * Keeps the open booking in the entity's cache as it is typed. Writes go one after another, each with the
 * form as it is when it starts, so the last one kept is the last typed; a burst of typing is one write.
 */
export function createOpenBookingKeep(state: KeepState, form: { empty: () => boolean; form: () => OpenBookingForm }) {
  const { entityId, keptAt, pending } = state
  let revision = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let chain: Promise<void> = Promise.resolve()
  let queued = false

  async function write(): Promise<void> {
    const owner = entityId.value
    if (owner === null) return
    const at = revision
    try {
      if (form.empty()) {
        if (keptAt.value !== null) await request('counter.dropOpenBooking', { entityId: owner })
        if (entityId.value === owner) keptAt.value = null
      } else {
        const { savedAt } = await request('counter.keepOpenBooking', { entityId: owner, form: form.form() })
        if (entityId.value === owner) keptAt.value = savedAt
      }
      if (at === revision) pending.value = false
    } catch (err) {
      // conflict: the company changed under a write for the one before; that form was left behind on purpose.
      if (AppError.from(err).code !== 'conflict' && entityId.value === owner) throw err
    }
  }
  /** Why the last write failed (the form stays on screen all the same); cleared by the next that lands. */
  const writing = createLoader(write)

  /** No keep is left to start (one waiting for the typing to stop is let go). */
  function cancel(): void {
    clearTimeout(timer)
    timer = undefined
  }

  /** Keeps the form now (a write already waiting will take the latest state). */
  function flush(): Promise<void> {
    cancel()
    if (queued) return chain
    queued = true
    chain = chain.then(async () => {
      queued = false
      await writing.load()
    })
    return chain
  }

  function typed(atOnce: boolean): void {
    if (entityId.value === null) return
    revision++
    pending.value = true
    clearTimeout(timer)
    // The timer also covers a hidden window, where frames do not come.
    timer = setTimeout(() => void flush(), KEEP_AFTER_MS)
    // At once, but after the frame that shows the new line: the write never delays what the clerk sees.
    if (atOnce) requestAnimationFrame(() => setTimeout(() => void flush()))
  }

  /** What was typed is forgotten: no keep is left to start, and a write under way no longer says it kept it. */
  function forgetTyped(): void {
    cancel()
    revision++
  }

  /** No keep is left to start, and the one under way has landed. */
  function settle(): Promise<void> {
    cancel()
    return chain
  }

  return { flush, typed, cancel, forgetTyped, settle, error: computed(() => writing.error), forgetError: writing.reset }
}
