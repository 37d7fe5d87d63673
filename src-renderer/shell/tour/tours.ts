import type { Station } from '@shared/domain'

/**
 * What each station's first-run tour points at: the real elements of its
 * landing screen and of the shell, found by the test ids they already carry.
 * A step whose element is not on the screen (no lines yet, no agency) is
 * shown in the middle of the window instead, so the tour never breaks.
 */
export interface TourStep {
  /** Under `tour.<station>.<key>`: its title and body. */
  key: string
  /** The element pointed at; none: the popover sits in the middle. */
  element?: () => Element | null
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
}

const byTestId =
  (...ids: string[]) =>
  () => {
    for (const id of ids) {
      const found = document.querySelector(`[data-testid="${id}"]`)
      if (found) return found
    }
    return null
  }

export const tours: Record<Station, TourStep[]> = {
  counter: [
    { key: 'scan', element: byTestId('booking-scan'), side: 'bottom', align: 'start' },
    { key: 'lines', element: byTestId('booking-lines', 'booking-no-lines'), side: 'bottom', align: 'start' },
    { key: 'save', element: byTestId('booking-save'), side: 'top', align: 'start' },
    { key: 'status', element: byTestId('status-connection'), side: 'top', align: 'start' },
    { key: 'sync', element: byTestId('status-sync'), side: 'top', align: 'end' },
    { key: 'keys' },
  ],
  warehouse: [
    {
      key: 'tabs',
      element: () => document.querySelector('[data-testid^="dispatch-tab-"]')?.closest('[role="tablist"]') ?? null,
      side: 'bottom',
      align: 'start',
    },
    { key: 'scan', element: byTestId('dispatch-scan'), side: 'bottom', align: 'start' },
    { key: 'view', element: byTestId('dispatch-view-mode'), side: 'bottom', align: 'end' },
    { key: 'ship', element: byTestId('card-ship', 'dispatch-ship-selected', 'dispatch-empty'), side: 'top', align: 'center' },
    { key: 'keys' },
  ],
  backOffice: [
    // The menu's column rather than the menu: a menu taller than the window would be scrolled to its top.
    {
      key: 'menu',
      element: () => document.querySelector('[data-testid="side-menu"]')?.closest('.n-layout-sider') ?? null,
      side: 'right',
      align: 'start',
    },
    { key: 'catalogue', element: byTestId('catalogue-search', 'catalogue-view'), side: 'bottom', align: 'start' },
    { key: 'purchasing', element: byTestId('menu-purchasing'), side: 'right', align: 'center' },
    { key: 'admin', element: byTestId('menu-administration'), side: 'right', align: 'center' },
    { key: 'keys' },
  ],
}

/** The element the tour waits for before it starts: the landing screen itself, drawn. */
export const landingViews: Record<Station, string> = {
  counter: 'newBooking-view',
  warehouse: 'dispatch-view',
  backOffice: 'catalogue-view',
}

/** Where the keyboard goes when the tour ends: the scan box of the landing screen (the back office has the catalogue's search). */
export const focusAfter: Record<Station, string> = {
  counter: '[data-testid="booking-scan"] input',
  warehouse: '[data-testid="dispatch-scan"] input',
  backOffice: '[data-testid="catalogue-search"] input',
}

/** A message as popover HTML: escaped, with [Key] shown as a keycap. */
export function tourHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return escaped.replace(/\[([^\]]+)\]/g, '<kbd>$1</kbd>')
}
