/** Whether a key press belongs to a field the user is typing in (so a shortcut must leave it alone). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) {
    // Check boxes, radios and buttons take no text.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)
  }
  return false
}

/** Whether a dialog (naive-ui renders modals into the body) is open above the screen. */
export function dialogOpen(): boolean {
  return document.querySelector('.n-modal-container .n-modal, [role="dialog"][aria-modal="true"]') !== null
}
