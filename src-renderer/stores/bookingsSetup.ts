import { ref } from 'vue'
import type { CounterSetup } from '@shared/counter'
import { request } from '../api'
import { createLoader } from './loader'

/**
 * The counter's setup the bookings store holds: this station's agency (Dispatch lists by it), the company's agencies
 * (Settings offers their stock) and what the service offers. It is the session's and the company's: `forget` drops
 * it, with a read of it still on its way.
 */
export function useBookingsSetup() {
  const setup = ref<CounterSetup | null>(null)
  const setupRead = createLoader(
    () => request('counter.setup'),
    (answer) => (setup.value = answer),
  )
  let settingUp: Promise<void> | null = null

  /** The counter's setup, read again each time; screens asking at once share one read. */
  function loadSetup(): Promise<void> {
    if (settingUp) return settingUp
    const reading = setupRead.load().then(() => {
      if (settingUp === reading) settingUp = null
    })
    return (settingUp = reading)
  }

  /** Forgets the setup and drops a read of it on its way. True when it had been asked for (then a screen may show it). */
  function forgetSetup(): boolean {
    const asked = setup.value !== null || settingUp !== null || setupRead.error !== null
    setupRead.reset()
    settingUp = null
    setup.value = null
    return asked
  }

  return { setup, setupRead, loadSetup, forgetSetup }
}
