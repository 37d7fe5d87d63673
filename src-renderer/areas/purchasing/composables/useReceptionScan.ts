import { ref, type Ref } from 'vue'
import { countScan, lineByCode, type ReceptionForm, type ReceptionLineForm } from '../receptionForm'
import { itemLabel } from '../itemLabel'
import { scansInOrder } from '@renderer/composables/scansInOrder'
import { usePurchasingStore } from '../stores/purchasing'

/** What the last scan did, said under the scan box: an i18n key under purchasing.receptions.count and its values (quantities unformatted). */
export interface ScanNote {
  type: 'success' | 'warning' | 'error'
  key: string
  params: Record<string, string>
}

/**
 * The counting of a reception by scans: which line each scan counted, and the note said under the scan
 * box. `blocked` is true while the reception is being saved, when a scan counts nothing.
 */
export function useReceptionScan(form: Ref<ReceptionForm | null>, blocked: () => boolean) {
  const store = usePurchasingStore()
  const lastScan = ref<number | null>(null)
  const scanNote = ref<ScanNote | null>(null)

  const refuse = (key: string, params: Record<string, string>): void => void (scanNote.value = { type: 'error', key, params })

  /** A code of the order's own needs no answer, yet is counted after the barcode scanned before it. */
  const inOrder = scansInOrder()

  /** Counts one scan (`count` of `code`), in the order scanned; the line it counted, or null when it was refused. */
  function scan(code: string, count: string, kind?: 'item' | 'bundle'): Promise<ReceptionLineForm | null> {
    const counting = form.value
    if (!counting || blocked() || !code) return Promise.resolve(null)
    const own = kind === 'bundle' ? null : (lineByCode(counting, code)?.itemId ?? null)
    // The catalogue cached on this computer knows barcodes; without it, only the order's own codes are known.
    // Unanswered (the cache file damaged, say), the code is not checked: not "unknown".
    const found = own === null ? store.identify(code, kind).catch(() => null) : null
    return inOrder(async () => {
      const identified = found && (await found)
      // The saving began, or another reception was started, while the answer was on its way: it counts nothing.
      if (form.value !== counting || blocked()) return null
      if (own !== null) return countOn(counting, own, code, count)
      if (!identified) return (refuse('notChecked', { code }), null)
      if (identified.kind !== 'item') {
        const why = identified.kind === 'bundle' ? 'bundle' : identified.noCatalogueYet ? 'noCatalogueYet' : 'unknownCode'
        return (refuse(why, { code }), null)
      }
      return countOn(counting, identified.itemId, `${identified.code} — ${identified.name}`, count)
    })
  }

  function countOn(counting: ReceptionForm, itemId: number, item: string, count: string): ReceptionLineForm | null {
    const outcome = countScan(counting, itemId, count)
    if (outcome.kind === 'notOnOrder') return (refuse('notOnOrder', { item }), null)
    const l = outcome.line
    lastScan.value = l.detailId
    const params = { item: itemLabel(l.itemId, l.code, l.name), quantity: l.quantity, pending: l.pending }
    scanNote.value = outcome.over ? { type: 'warning', key: 'over', params } : { type: 'success', key: 'counted', params }
    return l
  }

  /** A fresh form starts with nothing scanned. */
  function forget(): void {
    lastScan.value = null
    scanNote.value = null
  }

  return { lastScan, scanNote, scan, forget }
}
