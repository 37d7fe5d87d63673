import { ref, type Ref } from 'vue'
import { AppError } from '@shared/errors'

export interface Submit<A extends unknown[], T> {
  busy: Ref<boolean>
  error: Ref<AppError | null>
  /** Runs the command once at a time; resolves to its answer, or to undefined when it failed (the error is kept) or one was running. */
  run: (...args: A) => Promise<T | undefined>
  reset: () => void
}

/**
 * The busy flag and the error of a form or dialog that sends one command:
 * every dialog had its own copy of this try/catch. What was typed stays
 * where it is on a failure, so the user can correct it and send again.
 */
export function useSubmit<A extends unknown[], T>(command: (...args: A) => Promise<T>): Submit<A, T> {
  const busy = ref(false)
  const error = ref<AppError | null>(null) as Ref<AppError | null>

  async function run(...args: A): Promise<T | undefined> {
    if (busy.value) return undefined
    busy.value = true
    error.value = null
    try {
      return await command(...args)
    } catch (err) {
      error.value = AppError.from(err)
      return undefined
    } finally {
      busy.value = false
    }
  }

  return { busy, error, run, reset: () => (error.value = null) }
}
