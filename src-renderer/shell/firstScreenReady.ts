import { onMounted, readonly, ref, watch, type Ref } from 'vue'

/**
 * The screen the shell opened on takes input (New booking: its scan box is enabled). What the shell and
 * that screen draw besides it that the first input does not need waits for this: the side menu (~30 ms
 * of naive-ui's NMenu on a cold start), New booking's date picker (~20 ms, and its code) and the status
 * bar's time of last contact (~20 ms: the profile's time zone) (test/bench/shell/coldLoad.bench.ts).
 */
const ready = ref(false)

export function markFirstScreenReady(): void {
  ready.value = true
}

/** At the latest, what waits is drawn this long after it asked, for a first screen that never says it takes input. */
const AT_LATEST_MS = 250

/** Resolves in the frame after the first screen took input (at the next frame when it already did). */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const show = () => requestAnimationFrame(() => setTimeout(resolve))
    if (ready.value) return show()
    const latest = setTimeout(show, AT_LATEST_MS)
    const stop = watch(ready, (now) => {
      if (!now) return
      clearTimeout(latest)
      stop()
      show()
    })
  })
}

/** True from the frame after the first screen took input (at once when it already did); for a component's setup. */
export function useAfterFirstScreen(): Readonly<Ref<boolean>> {
  const shown = ref(ready.value)
  onMounted(() => {
    if (!shown.value) void afterFirstScreen().then(() => (shown.value = true))
  })
  return readonly(shown)
}
