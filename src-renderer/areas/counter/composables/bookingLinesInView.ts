import { nextTick } from 'vue'
import type { NewBookingScreen } from './newBookingScreen'

const linesTable = '[data-testid="booking-lines"]'

/**
 * The page's side of bringing a line or a field into view for the new-booking form. Every scroll asked bumps
 * one counter, so a line's scroll still waiting for its frame gives way to a later one.
 */
export function bookingLinesInView(): Pick<NewBookingScreen, 'focusLot' | 'focusQuantity' | 'revealSelected' | 'revealMissing'> {
  let scrollAsked = 0
  return {
    // The line askForLot selected, in view, its list open to the keyboard.
    focusLot: () => {
      const list = document.querySelector<HTMLSelectElement>(`${linesTable} tr.selected [data-testid="booking-line-lot"]`)
      scrollAsked++
      list?.focus()
      list?.scrollIntoView({ block: 'nearest' })
    },
    focusQuantity: (key) => {
      const field = document.querySelector<HTMLInputElement>(
        `${linesTable} tr[data-key="${key}"] [data-testid="booking-line-quantity"] input`,
      )
      if (!field) return
      field.focus()
      field.select()
      scrollAsked++
      field.scrollIntoView({ block: 'nearest' })
    },
    // Scrolled in the frame that draws the line (asked once the line is in the DOM): the layout the scroll needs is
    // that frame's own, not one more forced in the middle of the key press (test/bench/counter/scanner.bench.ts).
    // Unless something else was brought into view meanwhile (Ctrl+Enter's missing field, ↑'s quantity).
    revealSelected: () => {
      const asked = ++scrollAsked
      void nextTick(() =>
        requestAnimationFrame(() => {
          if (asked === scrollAsked) document.querySelector(`${linesTable} tr.selected`)?.scrollIntoView({ block: 'nearest' })
        }),
      )
    },
    revealMissing: () => {
      scrollAsked++
      document.querySelector(`[data-missing]`)?.scrollIntoView({ block: 'nearest' })
    },
  }
}
