import type { Ref } from 'vue'
import { quantityOf } from '@shared/bookingLines'
import type { FormLine } from '@renderer/stores/bookingFormLines'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * The keys that work on the lines while the scan box keeps the keyboard (issue 30): ↑/↓ choose a line,
 * +/− add or take one from its quantity, and Enter right after the arrows opens its quantity to be typed.
 * The view calls them only while the scan box is empty, so a code or a count being typed keeps its + and −.
 * Enter counts only after the arrows: a scanner that sends a second Enter after its code never leaves the box.
 */
export function useLineKeys(
  fields: { lines: FormLine[] },
  selected: Ref<number | null>,
  screen: Pick<NewBookingScreen, 'revealSelected' | 'focusQuantity'>,
  change: (line: FormLine) => void,
) {
  /** The arrows chose a line since the last scan. */
  let browsing = false

  /** ↑ (-1) or ↓ (+1): the line before or after the selected one; from none, ↑ takes the last and ↓ the first. */
  function moveSelection(step: 1 | -1): void {
    const lines = fields.lines
    if (lines.length === 0) return
    const at = lines.findIndex((l) => l.key === selected.value)
    const next = at < 0 ? (step < 0 ? lines.length - 1 : 0) : Math.min(Math.max(at + step, 0), lines.length - 1)
    selected.value = lines[next]!.key
    browsing = true
    screen.revealSelected()
  }

  /** + (1) or − (-1) on the selected line's quantity; never to nothing (Del removes a line). False when nothing changed. */
  function stepQuantity(step: 1 | -1): boolean {
    const line = fields.lines.find((l) => l.key === selected.value)
    if (!line) return false
    const quantity = quantityOf(line.quantity).plus(step)
    if (quantity.lessThanOrEqualTo(0)) return false
    change({ ...line, quantity: quantity.toString() })
    return true
  }

  /** Enter on the empty scan box: after the arrows, the chosen line's quantity takes the keyboard. */
  function editChosenQuantity(): boolean {
    const key = selected.value
    if (!browsing || key === null || !fields.lines.some((l) => l.key === key)) return false
    browsing = false
    screen.focusQuantity(key)
    return true
  }

  return {
    moveSelection,
    stepQuantity,
    editChosenQuantity,
    /** Whether Enter on the empty scan box would open the chosen line's quantity. */
    choosing: () => browsing && fields.lines.some((l) => l.key === selected.value),
    stopBrowsing: () => void (browsing = false),
  }
}
