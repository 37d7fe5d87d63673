import { onScopeDispose, ref, type Ref } from 'vue'

/**
 * The time now, read again every `ms`: words that follow the clock ("hace 12 min", "4 días") read it, so a
 * screen left open updates them. The ticker stops with the component (or scope) that asked for it.
 */
export function useNow(ms: number): Readonly<Ref<number>> {
  const now = ref(Date.now())
  const timer = setInterval(() => (now.value = Date.now()), ms)
  onScopeDispose(() => clearInterval(timer))
  return now
}
