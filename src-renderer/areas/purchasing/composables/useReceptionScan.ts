import { ref, type Ref } from 'vue'
import { countScan, lineByCode, type ReceptionForm, type ReceptionLineForm } from '../receptionForm'
import { itemLabel } from '../itemLabel'
import { usePurchasingStore } from '../stores/purchasing'
import type { ScannedCode } from '../stores/scannedCode'

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

  /** Counts one scan (`count` of `code`); the line it counted, or null when it was refused. */
  async function scan(code: string, count: string, kind?: 'item' | 'bundle'): Promise<ReceptionLineForm | null> {
    if (!form.value || blocked() || !code) return null
    let itemId = kind === 'bundle' ? null : (lineByCode(form.value, code)?.itemId ?? null)
    let item = code
    if (itemId === null) {
      // The catalogue cached on this computer knows barcodes; without it, only the order's own codes are known.
      // Unanswered (the cache file damaged, say), the code is not checked: not "unknown".
      const found: ScannedCode | null = await store.identify(code, kind).catch(() => null)
      if (!found) return (refuse('notChecked', { code }), null)
      if (found.kind !== 'item') {
        const why = found.kind === 'bundle' ? 'bundle' : found.noCatalogueYet ? 'noCatalogueYet' : 'unknownCode'
        return (refuse(why, { code }), null)
      }
      itemId = found.itemId
      item = `${found.code} — ${found.name}`
    }
    const outcome = countScan(form.value, itemId, count)
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
