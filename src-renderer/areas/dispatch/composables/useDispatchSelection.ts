import { computed, ref, watch, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { DispatchTab } from '../dispatchLists'

/** The bookings ticked for shipping together: only on "to ship", and only those the tab still shows. */
export function useDispatchSelection(tab: Ref<DispatchTab>, visible: Ref<LocalBooking[]>) {
  const selected = ref(new Set<string>())
  const selectable = computed(() => tab.value === 'toShip')
  const allSelected = computed(() => visible.value.length > 0 && visible.value.every((b) => selected.value.has(b.localId)))
  const chosen = computed(() => visible.value.filter((b) => selected.value.has(b.localId)))

  // A booking that left the tab (shipped elsewhere, filtered out) is no longer selected.
  watch(visible, (list) => {
    const present = new Set(list.map((b) => b.localId))
    const kept = [...selected.value].filter((id) => present.has(id))
    if (kept.length !== selected.value.size) selected.value = new Set(kept)
  })
  watch(tab, () => clear())

  function toggle(b: LocalBooking, on: boolean): void {
    const next = new Set(selected.value)
    if (on) next.add(b.localId)
    else next.delete(b.localId)
    selected.value = next
  }
  function toggleAll(on: boolean): void {
    selected.value = on ? new Set(visible.value.map((b) => b.localId)) : new Set()
  }
  function clear(): void {
    selected.value = new Set()
  }

  return { selected, selectable, allSelected, chosen, toggle, toggleAll, clear }
}
