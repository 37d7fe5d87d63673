import { onBeforeUnmount, onMounted } from 'vue'
import { dialogOpen, isTypingTarget } from '../areas/catalogue/keyboard'

/**
 * Plain keys (F5, digits) a screen answers while it is open: not while the
 * user types in a field or a dialog is up, and never with a modifier (those
 * belong to the shell, e.g. Alt+digit for the areas).
 */
export function useScreenKeys(keys: Record<string, () => void>): void {
  function onKeydown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const run = keys[event.code]
    if (!run || isTypingTarget(event.target) || dialogOpen()) return
    event.preventDefault()
    run()
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
