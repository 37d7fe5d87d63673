import { computed } from 'vue'
import { useThemeVars } from 'naive-ui'

/**
 * The colours of a bar pinned over a scrolled screen: the screen's own background, so what scrolls under it is
 * hidden, and the dividers' colour for its edge (`--pinned-edge`).
 */
export function usePinnedColours() {
  const themeVars = useThemeVars()
  return computed(() => ({ background: themeVars.value.bodyColor, '--pinned-edge': themeVars.value.dividerColor }))
}
