import type { Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { scansInOrder } from '@renderer/composables/scansInOrder'
import { canDeliver, canShip } from '../dispatchLists'
import type { DispatchScreen } from './dispatchScreen'
import type { useDispatchScan } from './useDispatchScan'

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'preventDefault'>

/**
 * The scan box's keys. Enter scans the code typed, or on the empty box ships or delivers the open booking,
 * each Enter in the order pressed: a barcode whose item is still being looked up is counted before the next
 * slip opens, or before the empty Enter after it ships.
 */
export function useDispatchScanKeys(
  screen: DispatchScreen,
  scan: ReturnType<typeof useDispatchScan>,
  agencyId: Ref<number | null>,
  act: { ship: (b: LocalBooking) => void; deliver: (b: LocalBooking) => void },
) {
  const inOrder = scansInOrder()

  function enter(): Promise<void> {
    const code = scan.scanText.value.trim()
    scan.scanText.value = ''
    return inOrder(() => (code ? scan.scanned(code) : shipOrDeliver()))
  }

  function shipOrDeliver(): void {
    const current = scan.active.value
    const own = agencyId.value
    if (!current || own === null) return
    if (canShip(current, own)) act.ship(current)
    else if (canDeliver(current, own)) act.deliver(current)
  }

  function onScanKeydown(event: KeyPress): void {
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

  return { enter, onScanKeydown }
}
