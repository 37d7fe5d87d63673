import { computed, type ComputedRef } from 'vue'
import { useThemeVars } from 'naive-ui'
import { usePreferencesStore } from '@renderer/stores/preferences'

/**
 * naive-ui's input colours (light or dark) as CSS variables, for the plain fields of plainField.css: set on an
 * element's `style`, every plain field inside it is drawn like naive-ui's own. The counter's busiest fields are plain
 * because naive-ui's input re-renders at every typed key (test/bench/counter/scanner.bench.ts).
 */
export function useInputColours(): ComputedRef<Record<string, string>> {
  const themeVars = useThemeVars()
  const preferences = usePreferencesStore()
  return computed(() => {
    const vars = themeVars.value
    return {
      '--input-scheme': preferences.dark ? 'dark' : 'light',
      '--input-text': vars.textColor2,
      '--input-text-disabled': vars.textColorDisabled,
      '--input-placeholder': vars.placeholderColor,
      '--input-color': vars.inputColor,
      '--input-color-disabled': vars.inputColorDisabled,
      '--input-popover': vars.popoverColor,
      '--input-border': vars.borderColor,
      // A filled box (naive-ui's own inputs): a grey border on white in the light theme, no border in the dark one.
      '--input-filled-border': preferences.dark ? 'transparent' : vars.borderColor,
      '--input-caret': vars.primaryColor,
      '--input-accent': vars.primaryColorHover,
      '--input-ring': `color-mix(in srgb, ${vars.primaryColor} 20%, transparent)`,
    }
  })
}
