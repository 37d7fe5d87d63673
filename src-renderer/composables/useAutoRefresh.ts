import { onBeforeUnmount, onMounted, ref } from 'vue'

/**
 * Runs `refresh` when the screen opens and every `everyMs` while it stays
 * open; `now` ticks with it so ages on screen move too.
 */
export function useAutoRefresh(refresh: () => Promise<void>, everyMs = 30_000) {
  const now = ref(new Date())
  let timer: ReturnType<typeof setInterval> | null = null

  function tick(): void {
    now.value = new Date()
    void refresh().finally(() => {
      now.value = new Date()
    })
  }

  onMounted(() => {
    tick()
    timer = setInterval(tick, everyMs)
  })
  onBeforeUnmount(() => {
    if (timer) clearInterval(timer)
    timer = null
  })

  return { now, refreshNow: tick }
}
