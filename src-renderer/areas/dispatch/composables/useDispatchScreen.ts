import type { LocalBooking } from '@shared/bookings'
import { useKeys } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useDispatchTicksStore } from '../stores/dispatchTicks'
import { dispatchTabs } from '../dispatchLists'
import { useDispatchDelivery, type Delivered } from './useDispatchDelivery'
import { useDispatchLists } from './useDispatchLists'
import { useDispatchScan } from './useDispatchScan'
import { useDispatchScanKeys } from './useDispatchScanKeys'
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

  function closeActive(): void {
    scan.close()
    screen.focusScan()
  }

  void tickStore.load()
  const { enter, onScanKeydown } = useDispatchScanKeys(screen, scan, lists.agencyId, { ship: (b) => ship.ask([b]), deliver: askDeliver })

  return { store, lists, selection, scan, ship, delivery, askDeliver, delivered, enter, onScanKeydown, closeActive }
}
