import { ref, type Ref } from 'vue'

export interface DialogTarget<T> {
  /** What the dialog acts on (null: a new record); kept after closing so the closing animation still has its text. */
  target: Ref<T | null>
  show: Ref<boolean>
  open: (target: T | null) => void
}

/** The "which record, and is its dialog open" pair each list kept for each of its dialogs. */
export function useDialogTarget<T>(): DialogTarget<T> {
  const target = ref<T | null>(null) as Ref<T | null>
  const show = ref(false)
  return {
    target,
    show,
    open(next) {
      target.value = next
      show.value = true
    },
  }
}
