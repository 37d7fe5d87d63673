import { onBeforeUnmount, shallowRef, toValue, watchEffect, type MaybeRefOrGetter } from 'vue'

/**
 * The screen's title lives in the header, once. A screen whose title says more than its menu entry
 * (the booking being edited) hands it here instead of repeating a heading of its own.
 */
const override = shallowRef<{ owner: symbol; title: string } | null>(null)

export const screenTitleOverride = (): string | null => override.value?.title ?? null

export function useScreenTitle(title: MaybeRefOrGetter<string>): void {
  const owner = Symbol('screen')
  const stop = watchEffect(() => {
    override.value = { owner, title: toValue(title) }
  })
  onBeforeUnmount(() => {
    stop()
    // The next screen may already have named itself.
    if (override.value?.owner === owner) override.value = null
  })
}
