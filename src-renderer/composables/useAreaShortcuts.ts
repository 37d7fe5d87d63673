import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { areas } from '../router/areas'

/** Alt+1… opens the first screen of each menu area; the key code keeps it layout-independent. */
export function useAreaShortcuts(): void {
  const router = useRouter()

  function onKeydown(event: KeyboardEvent): void {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const digit = /^Digit([1-9])$/.exec(event.code)?.[1]
    if (!digit) return
    const area = areas.find((a) => a.shortcut === Number(digit))
    const first = area?.screens[0]
    if (!first) return
    event.preventDefault()
    void router.push(first.path)
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
