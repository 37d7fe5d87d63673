import { onMounted, readonly, ref, watch, type Ref } from 'vue'

/**
 * The screen the shell opened on takes input (New booking: its scan box is enabled). What the shell draws
 * besides it that the first input does not need waits for this: the side menu, ~30 ms of naive-ui's NMenu
 * on a cold start (test/bench/shell/coldLoad.bench.ts).
 */
const ready = ref(false)

export function markFirstScreenReady(): void {
  ready.value = true
}

/** At the latest, what waits is drawn this long after the shell, for a first screen that never says it takes input. */
const AT_LATEST_MS = 250

/** True from the frame after the first screen took input (at once when it already did); for a component's setup. */
export function useAfterFirstScreen(): Readonly<Ref<boolean>> {
  const shown = ref(ready.value)
  onMounted(() => {
    if (shown.value) return
    const show = () => requestAnimationFrame(() => setTimeout(() => (shown.value = true)))
    if (ready.value) return show()
    const latest = setTimeout(show, AT_LATEST_MS)
    const stop = watch(ready, (now) => {
      if (!now) return
      clearTimeout(latest)
      stop()
      show()
    })
  })
  return readonly(shown)
}
