import { railsTimeZones } from '@shared/timeZones'

import type { SelectOption } from 'naive-ui'

export type TimeZoneOption = SelectOption & { value: string; label: string }

/**
 * The zones a profile may name: Rails' friendly names (with the IANA zone
 * they stand for) and every IANA zone this browser knows. The current value
 * stays in the list even when it is neither, so opening the form loses nothing.
 */
export function timeZoneOptions(current: string | null): TimeZoneOption[] {
  const rails = Object.entries(railsTimeZones).map(([name, iana]) => ({ value: name, label: `${name} (${iana})` }))
  const iana = (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).map((z) => ({ value: z, label: z }))
  const options = [...rails, ...iana]
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current })
  return options
}
