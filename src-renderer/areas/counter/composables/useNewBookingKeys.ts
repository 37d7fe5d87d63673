import { scanFocusKey, useKeys } from '@renderer/composables/useKeys'
import type { useNewBookingForm } from './useNewBookingForm'

/** A line's quantity field: Enter or Esc there goes back to the scan box. */
function isQuantityField(field: EventTarget | null): boolean {
  return field instanceof HTMLElement && field.closest('[data-testid="booking-line-quantity"]') !== null
}
/** The scan box with nothing typed: ↑/↓, +/− and Enter there are the lines' (a code or count keeps its + and −). */
function isEmptyScanBox(field: EventTarget | null): boolean {
  return field instanceof HTMLInputElement && field.value === '' && field.closest('[data-testid="booking-scan"]') !== null
}

/** The new-booking screen's keys, over its form; `focusScan` puts the cursor back in the scan box. */
export function useNewBookingKeys(form: ReturnType<typeof useNewBookingForm>, focusScan: () => void): void {
  const { lines, fields } = form
  const { selected } = lines
  useKeys('keys.groups.screen', [
    // Before the field sees them: the destination select keeps Enter for itself.
    { keys: 'Ctrl+Enter', label: 'keys.save', run: () => form.save(), beforeFields: true },
    { keys: 'Ctrl+S', label: 'keys.saveDraft', run: () => form.save(true), beforeFields: true },
    scanFocusKey(focusScan),
    // The picture of the booking just saved (the offer on the screen says which): taken while the goods are at hand.
    {
      keys: 'F8',
      label: 'keys.bookingPicture',
      run: form.picture.ask,
      when: () => form.picture.saved.value !== null && form.picture.asking.value === null,
    },
    { keys: 'Delete', label: 'keys.removeLine', run: () => lines.removeLine(selected.value!), when: () => selected.value !== null },
    // In a field, Ctrl+Z is the field's own undo; in the scan box it comes from the box (when it is empty).
    { keys: 'Ctrl+Z', label: 'counter.undoKey', run: () => lines.undo(), whileTyping: false, when: lines.canUndo },
    {
      keys: ['ArrowUp', 'ArrowDown'],
      label: 'keys.chooseLine',
      run: (event) => lines.moveSelection(event.key === 'ArrowUp' ? -1 : 1),
      whileTyping: isEmptyScanBox,
      when: () => fields.lines.length > 0,
    },
    {
      keys: ['+', '-'],
      label: 'keys.stepQuantity',
      run: (event) => lines.stepQuantity(event.key === '+' ? 1 : -1),
      whileTyping: isEmptyScanBox,
      when: () => selected.value !== null,
    },
    {
      keys: 'Enter',
      label: 'keys.editChosenQuantity',
      run: () => lines.editChosenQuantity(),
      whileTyping: isEmptyScanBox,
      // Never a focused button's Enter.
      when: () => lines.choosing() && isEmptyScanBox(document.activeElement),
    },
    // Enter or Esc in a line's quantity goes back to the scan box.
    {
      keys: ['Enter', 'Escape'],
      label: 'keys.backToScan',
      run: focusScan,
      whileTyping: isQuantityField,
      when: () => isQuantityField(document.activeElement),
    },
  ])
}
