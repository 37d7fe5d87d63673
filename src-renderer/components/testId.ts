import type { HTMLAttributes } from 'vue'

/** For option objects (menus, dropdowns) whose `props` type does not list data-* attributes. */
export function testId(id: string): HTMLAttributes {
  return { 'data-testid': id } as HTMLAttributes
}
