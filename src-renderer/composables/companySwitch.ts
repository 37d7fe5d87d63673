import { watch } from 'vue'
import { useWhoAmIStore } from '../stores/whoami'

/**
 * Runs `switched` when the clerk's company changes: not at whoami's first arrival, nor when it comes back the same
 * after a sign-in, as the reads made so far were of that company. A store forgets at once (`'sync'`): no read
 * between the switch and the next tick is answered from what the company left behind held; a screen reads again
 * after that (`'pre'`). Called in a component's setup, it stops with the component.
 */
export function onCompanySwitch(switched: () => void, flush: 'sync' | 'pre' = 'pre'): void {
  const whoami = useWhoAmIStore()
  let known = whoami.currentEntity?.id
  watch(
    () => whoami.currentEntity?.id,
    (next) => {
      if (next === undefined) return
      const before = known
      known = next
      if (before !== undefined && before !== next) switched()
    },
    { flush },
  )
}
