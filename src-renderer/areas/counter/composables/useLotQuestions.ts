import { computed, nextTick, ref, type Ref } from 'vue'
import { datedLotLines, needsLot } from '@renderer/stores/bookingFormLines'
import type { BookingFields } from './bookingFields'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * What a save asks about the lines' lots first: a line kept in lots with none chosen, and (for a booking
 * that goes out; a draft does not) a line on an expired lot or one expiring within the warning days.
 */
export function useLotQuestions(
  fields: BookingFields,
  screen: Pick<NewBookingScreen, 't' | 'day' | 'freshness' | 'focusLot'>,
  selected: Ref<number | null>,
) {
  const expiredAsk = ref(false)
  const expiredItems = computed(() =>
    datedLotLines(fields.lines, screen.freshness)
      .map(({ line, lot, state }) =>
        screen.t(state === 'expired' ? 'counter.expiredItem' : 'counter.nearItem', {
          code: line.code,
          lot: lot.name ?? `#${lot.id}`,
          date: screen.day(lot.expires) ?? '',
        }),
      )
      .join(', '),
  )

  /** A line of an item kept in lots with none chosen: selected, and its lot list takes the focus. */
  function askForLot(): boolean {
    const line = fields.lines.find(needsLot)
    if (!line) return false
    selected.value = line.key
    void nextTick(() => screen.focusLot(line.key))
    return true
  }

  return { expiredAsk, expiredItems, askForLot }
}
