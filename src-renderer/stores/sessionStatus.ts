import { computed, ref } from 'vue'
import { onEvent } from '../api'
import type { SessionStatus } from '@shared/domain'
import { loadPageAgain, needsFreshPage } from './pageServiceOrigin'

/**
 * The session's status as the core last gave it, and what the router and the shell read from it. The core's
 * word on a change (session.changed) is taken as it comes, as every command's answer is (`take`).
 */
export function useSessionStatus() {
  const status = ref<SessionStatus | null>(null)
  const signedIn = computed(() => status.value?.state === 'signed_in')
  const training = computed(() => status.value?.state === 'signed_in' && status.value.training)
  /** Training's "Simular sin conexión" (the core refuses it outside training). */
  const trainingLineDown = computed(() => status.value?.state === 'signed_in' && status.value.trainingLineDown === true)

  /**
   * Takes a new session status, unless it is a session on a service the page's policy does not name: then the
   * page loads again (pageServiceOrigin.ts) and false says the status was not taken.
   */
  function take(next: SessionStatus): boolean {
    if (needsFreshPage(next)) {
      loadPageAgain()
      return false
    }
    status.value = next
    return true
  }

  onEvent('session.changed', (next) => {
    take(next)
  })

  return { status, signedIn, training, trainingLineDown, take }
}
