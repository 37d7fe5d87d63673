import { watch } from 'vue'
import { createLoader, type Loader } from '@renderer/stores/loader'
import { useWhoAmIStore } from '@renderer/stores/whoami'

/** A read of what the current company holds, with what clears it from the screen. */
export type CompanyRead = <T>(read: () => Promise<T>, apply: (value: T) => void, clear: () => void) => Loader

/**
 * The admin area's reads of the current company. On a company switch nothing of the company left behind
 * stays on screen, and what is open is read again, in the order the reads were made.
 */
export function useCompanyReads(): CompanyRead {
  const whoami = useWhoAmIStore()
  const perCompany: [Loader, () => void][] = []
  watch(
    () => whoami.currentEntity?.id,
    (next, previous) => {
      if (previous === undefined || next === previous) return
      for (const [loader, clear] of perCompany) {
        loader.reset()
        clear()
        if (loader.shownBy > 0) void loader.load()
      }
    },
  )
  return (read, apply, clear) => {
    const loader = createLoader(read, apply)
    perCompany.push([loader, clear])
    return loader
  }
}
