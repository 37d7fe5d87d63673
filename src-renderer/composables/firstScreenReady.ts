import { onBeforeUnmount, onMounted, readonly, ref, watch, type Ref } from 'vue'

/**
 * The screen the shell opened on takes input (New booking: its scan box is enabled). What the shell and
 * that screen draw besides it that the first input does not need waits for this: the side menu (~30 ms
 * of naive-ui's NMenu on a cold start), the header's controls (entity, language, theme, user: ~17 ms at
 * p50; the header keeps its height), New booking's date picker (~20 ms, and its code), the status
 * bar's time of last contact (~20 ms: the profile's time zone), and the shell's own reads (the sync
 * indicator's, the connection's, updates'), whose answers would otherwise be handled, and the shell drawn
 * again, before the frame that shows the screen ready (test/bench/shell/coldLoad.bench.ts).
 * Only a screen that says it will take input is waited for (holdFirstScreen, in its setup); otherwise
 * what waits comes in the frame after the first one.
 */
const ready = ref(false)
let held = false

export function markFirstScreenReady(): void {
  ready.value = true
}

/**
 * The screen being set up will say when it takes input (markFirstScreenReady): what waits for it waits for that.
 * Once what waits has come (the first screen is behind), a hold counts for nothing: New booking opened later
 * holds nobody up.
 */
export function holdFirstScreen(): void {
  held = true
}

/** At the latest, what waits is drawn this long after it asked, for a held first screen that never says it takes input. */
const AT_LATEST_MS = 250

/** Resolves in the frame after the first screen took input (at the next frame when it already did). */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const show = () =>
      requestAnimationFrame(() => {
        ready.value = true
        setTimeout(resolve)
      })
    if (ready.value || !held) return show()
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
  if (!shown.value) onAfterFirstScreen(() => void (shown.value = true))
  return readonly(shown)
}

/**
 * Runs `start` once after the first screen took input, if the calling component is still mounted then; what it
 * returns (a way to stop) runs when the component goes.
 */
export function onAfterFirstScreen(start: () => void | (() => void)): void {
  let mounted = true
  let stop: void | (() => void)
  onMounted(() => {
    void afterFirstScreen().then(() => {
      if (mounted) stop = start()
    })
  })
  onBeforeUnmount(() => {
    mounted = false
    stop?.()
  })
}
