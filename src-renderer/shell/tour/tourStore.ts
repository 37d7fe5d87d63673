import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Station } from '@shared/domain'

/**
 * Asking for a station's tour again (from the keyboard help or Settings):
 * FirstRunTour takes the request, goes to the station's landing screen and
 * shows it, seen or not.
 */
export const useTourStore = defineStore('tour', () => {
  const requested = ref<Station | null>(null)

  function replay(station: Station): void {
    requested.value = station
  }

  return { requested, replay }
})
