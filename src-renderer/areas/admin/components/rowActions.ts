import { h, type VNode } from 'vue'
import { NButton, NSpace } from 'naive-ui'

export interface RowAction {
  label: string
  testId: string
  onClick: () => void
  /** A delete: red, and only a confirmation dialog away from happening. */
  danger?: boolean
}

/** The small buttons at the end of an admin list's row (Edit, Rename, Delete…), drawn the same in every list. */
export function rowActions(actions: RowAction[]): VNode {
  return h(NSpace, { size: 8 }, () =>
    actions.map((a) =>
      h(
        NButton,
        { size: 'small', 'data-testid': a.testId, onClick: a.onClick, ...(a.danger ? { type: 'error', secondary: true } : {}) },
        () => a.label,
      ),
    ),
  )
}
