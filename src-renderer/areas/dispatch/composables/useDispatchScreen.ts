import type { LocalBooking } from '@shared/bookings'
import { useKeys } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useDispatchTicksStore } from '../stores/dispatchTicks'
import { canDeliver, canShip, dispatchTabs } from '../dispatchLists'
import { useDispatchDelivery, type Delivered } from './useDispatchDelivery'
import { useDispatchLists } from './useDispatchLists'
import { useDispatchScan } from './useDispatchScan'
import { useDispatchSelection } from './useDispatchSelection'
import { useDispatchShip } from './useDispatchShip'
import type { DispatchScreen } from './dispatchScreen'

/**
 * Dispatch's controller: its tabs and filters, the selection, the scan box, and the ship and deliver
 * questions, wired together; the view only draws them. The tab keys are Ctrl+1–4, which work from the scan
 * box without typing into it (a slip's number starts with a digit, and Alt+digit opens the menu's areas);
 * a plain digit still opens a tab when no field has the focus.
 */
export function useDispatchScreen(screen: DispatchScreen) {
  const store = useBookingsStore()
  const tickStore = useDispatchTicksStore()
  const { t } = screen
  const lists = useDispatchLists(screen)
  const selection = useDispatchSelection(lists.tab, lists.visible)
  const all = () => (lists.lists.value ? dispatchTabs.flatMap((key) => lists.lists.value?.[key] ?? []) : [])
  const scan = useDispatchScan(screen, { agencyId: lists.agencyId, tab: lists.tab, all, clearFilters: lists.clearFilters })
  const ship = useDispatchShip(screen, (done) => {
    selection.clear()
    for (const id of done) scan.close(id)
    screen.focusScan()
  })
  // Delivering asks first (useDispatchDelivery: a short count is delivered as counted, or all as booked).
  const delivery = useDispatchDelivery()

  useKeys('keys.groups.screen', [
    { keys: 'F5', label: 'keys.refresh', run: screen.refresh },
    ...dispatchTabs.map((key, i) => ({
      keys: [`Ctrl+${i + 1}`, `${i + 1}`],
      label: () => t('keys.openTab', { tab: t(`dispatch.tabs.${key}`) }),
      run: () => (lists.tab.value = key),
    })),
  ])

  /** Opens the delivery's question; an over-count is refused at the scan box, where the eyes are. */
  function askDeliver(b: LocalBooking): void {
    const asked = delivery.ask(b)
    if (asked.kind === 'asked') return
    const line = asked.lines[0]
    const code = line?.itemCode ?? `#${line?.itemId ?? ''}`
    scan.refuse({ type: 'error', text: t('dispatch.short.over', { code, quantity: screen.quantity(line?.quantity ?? '0') }) })
  }

  async function delivered(done: Promise<Delivered | undefined>): Promise<void> {
    const answer = await done
    if (!answer) return
    scan.close(answer.booking.localId)
    const number = store.bookingNumber(answer.booking)
    screen.say('success', t(answer.short ? 'dispatch.deliveredShort' : 'dispatch.deliveredOne', { number }))
  }

  /** Enter in the scan box: a code is scanned; on the empty box, the open booking is shipped or delivered. */
  async function enter(): Promise<void> {
    const code = scan.scanText.value.trim()
    scan.scanText.value = ''
    if (code) return scan.scanned(code)
    const current = scan.active.value
    const own = lists.agencyId.value
    if (!current || own === null) return
    if (canShip(current, own)) ship.ask([current])
    else if (canDeliver(current, own)) askDeliver(current)
  }

  function onScanKeydown(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'preventDefault'>): void {
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault()
      void enter()
    } else if (event.key === 'F5' && !event.ctrlKey && !event.altKey) {
      // The box holds the focus most of the time: the screen's F5 must still read the service again.
      event.preventDefault()
      screen.refresh()
    } else if (event.key === 'ArrowDown' && scan.activeId.value && screen.focusFirstCount()) {
      event.preventDefault()
    } else if (event.key === 'Escape') {
      // Esc closes the opened booking; a second Esc leaves the box, so the plain digit keys open tabs too.
      if (scan.activeId.value) return scan.close()
      scan.feedback.value = null
      screen.blurScan()
    }
  }

  function closeActive(): void {
    scan.close()
    screen.focusScan()
  }

  void tickStore.load()
  return { store, lists, selection, scan, ship, delivery, askDeliver, delivered, enter, onScanKeydown, closeActive }
}
