import { computed } from 'vue'
import { useThemeVars } from 'naive-ui'

/**
 * The colours of a bar pinned over a scrolled screen: the background of what it sits on (the screen, or a card), so
 * what scrolls under it is hidden, and the dividers' colour for its edge (`--pinned-edge`).
 */
export function usePinnedColours(surface: 'body' | 'card' = 'body') {
  const vars = useThemeVars()
  return computed(() => ({
    background: surface === 'card' ? vars.value.cardColor : vars.value.bodyColor,
    '--pinned-edge': vars.value.dividerColor,
  }))
}

/**
 * Scrolls an element into view below a bar pinned at the screen's top, not under it (the bar's height changes with
 * what it says). A scan box that stays in view also keeps Chromium from scrolling back to its caret at the next key.
 */
export function revealBelow(bar: HTMLElement | null, el: Element | null): void {
  if (el instanceof HTMLElement) el.style.scrollMarginTop = bar ? `${bar.offsetHeight + 8}px` : ''
  el?.scrollIntoView({ block: 'nearest' })
}
