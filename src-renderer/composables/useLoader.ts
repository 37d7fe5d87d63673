import { onBeforeUnmount, onMounted } from 'vue'
import type { Loader } from '../stores/loader'

/** A screen that shows a store's read: reads it when opened; while it is open, the store re-reads it on a company switch. */
export function useLoadedWhileShown(loader: Loader): void {
  onMounted(() => {
    loader.shownBy += 1
    void loader.load()
  })
  onBeforeUnmount(() => {
    loader.shownBy -= 1
  })
}
