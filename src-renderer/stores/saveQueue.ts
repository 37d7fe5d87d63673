import { reactive } from 'vue'
import { AppError } from '@shared/errors'

export interface SaveQueue {
  /** The last save's failure; cleared by the next save that goes through. */
  error: AppError | null
  /** Runs the save after every one queued before it: a later choice never lands before an earlier one. Never rejects. */
  enqueue: (save: () => Promise<void>) => Promise<void>
  /** Resolves once every save queued so far has run; runs nothing, so the last failure stays as it is. */
  settled: () => Promise<void>
  /** Forgets the failure (another company: its saves start clean). */
  reset: () => void
}

/**
 * The error of saves that must land in order, each after the one before (a choice in Settings, a count at
 * dispatch): useSubmit drops a second send while one runs, which would lose the later choice. The screen
 * applies a choice at once and a failed save says so, as a loader's read does.
 */
export function createSaveQueue(): SaveQueue {
  let tail: Promise<void> = Promise.resolve()
  const queue: SaveQueue = reactive({
    error: null as AppError | null,
    enqueue(save: () => Promise<void>): Promise<void> {
      tail = tail.then(async () => {
        try {
          await save()
          queue.error = null
        } catch (err) {
          queue.error = AppError.from(err)
        }
      })
      return tail
    },
    settled: () => tail,
    reset(): void {
      queue.error = null
    },
  })
  return queue
}
