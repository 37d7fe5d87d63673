import { readonly, ref, watch, type Ref, type WatchSource } from 'vue'

/**
 * True from the first time `shown` is, and ever after: for a dialog whose code loads only when it is first
 * opened (defineAsyncComponent, off the way to the first screen), and that stays mounted for its closing transition.
 */
export function useShownOnce(shown: WatchSource<unknown>): Readonly<Ref<boolean>> {
  const once = ref(false)
  watch(
    shown,
    (now) => {
      if (now) once.value = true
    },
    { immediate: true, flush: 'sync' },
  )
  return readonly(once)
}
