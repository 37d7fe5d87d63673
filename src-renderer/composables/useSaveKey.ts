import { onBeforeUnmount, onMounted } from 'vue'

/** Ctrl+S (Cmd+S on a Mac) saves; forms without a multi-line field take Ctrl+Enter too. */
export function isSaveKey(event: KeyboardEvent, alsoEnter = false): boolean {
  if (!(event.ctrlKey || event.metaKey)) return false
  return event.key.toLowerCase() === 's' || (alsoEnter && event.key === 'Enter')
}

/** A key handler that saves on the save keys (for a dialog's form, which listens on itself). */
export function saveKeyHandler(save: () => unknown, alsoEnter = false): (event: KeyboardEvent) => void {
  return (event) => {
    if (!isSaveKey(event, alsoEnter)) return
    // The browser's own Ctrl+S would offer to save the page.
    event.preventDefault()
    void save()
  }
}

/** The save keys for a whole screen, while it is open. */
export function useSaveKey(save: () => unknown, alsoEnter = false): void {
  const onKeydown = saveKeyHandler(save, alsoEnter)
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
