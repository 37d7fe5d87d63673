import { reactive } from 'vue'
import { AppError } from '@shared/errors'

export interface Loader {
  loading: boolean
  /** The last read's failure; cleared by the next read that succeeds. */
  error: AppError | null
  /** True when this read's answer was applied: false when it failed or a newer read or a reset overtook it. */
  load: () => Promise<boolean>
  /** Forgets the read: an answer still on its way is dropped (it belongs to the company left behind). */
  reset: () => void
  /** How many open screens show this read (useLoadedWhileShown): a company switch re-reads only those. */
  shownBy: number
}

/**
 * The loading flag, error and retry of one read a store or a screen keeps (a
 * list, a record): the admin screens each had their own copy. In the stores'
 * layer so that the stores themselves can use it. `apply` receives the
 * answer (a read that keeps its answer itself, as a store's load does, has none);
 * a read started before a newer one or a reset is dropped.
 */
export function createLoader<T>(read: () => Promise<T>, apply: (value: T) => void = () => undefined): Loader {
  let generation = 0

  const loader: Loader = reactive({
    loading: false,
    error: null as AppError | null,
    shownBy: 0,
    async load(): Promise<boolean> {
      const mine = ++generation
      loader.loading = true
      try {
        const value = await read()
        if (mine !== generation) return false
        apply(value)
        loader.error = null
        return true
      } catch (err) {
        if (mine === generation) loader.error = AppError.from(err)
        return false
      } finally {
        if (mine === generation) loader.loading = false
      }
    },
    reset(): void {
      generation += 1
      loader.loading = false
      loader.error = null
    },
  })
  return loader
}
