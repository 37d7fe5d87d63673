import { defineStore } from 'pinia'
import { useConsolidates } from './consolidates'
import { useOrderSearch } from './orderSearch'
import { usePurchasingContext } from './purchasingContext'
import { useReception } from './reception'
import { useReceptionOrder } from './receptionOrder'
import { identify } from './scannedCode'

export type { PurchasingContext } from './purchasingContext'
export type { ScannedCode } from './scannedCode'

/**
 * Purchasing's one door to the service: consolidates, purchase orders and
 * receptions. Purchasing works online, so the store holds what the screens
 * show and applies what each command answers (the consolidate made, the
 * reception recorded and its order as it is now, the reception returned);
 * nothing is read again after a command of its own. Reads throw their
 * failure for the screen to show next to what it was doing.
 */
export const usePurchasingStore = defineStore('purchasing', () => {
  const receptionOrder = useReceptionOrder()
  return {
    ...usePurchasingContext(),
    ...useConsolidates(),
    ...useOrderSearch(),
    ...receptionOrder,
    ...useReception(receptionOrder.receptionsOfOrder),
    identify,
  }
})
