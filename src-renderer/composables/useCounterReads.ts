import { request } from '../api'
import type { LocalBooking } from '@shared/bookings'
import { STOCK_ITEMS_MAX, type ItemStock, type ScanResult, type TransferRequest } from '@shared/counter'
import { useScanIndexStore } from '../stores/scanIndex'

/** A suggestion under the scan box: an item or a bundle of the offline catalogue. */
export interface CodeSuggestion {
  kind: 'item' | 'bundle'
  id: number
  code: string
  name: string
  available: number | null
  /** False for an item withdrawn from sale: shown, marked, and refused when chosen. */
  active: boolean
}

/**
 * The counter's and dispatch's reads that change nothing (a scanned code, suggestions, stock, transfer
 * requests, one booking to edit): the one place besides the bookings store where these areas reach the
 * API client, so views and components stay free of the transport.
 */
export function useCounterReads() {
  const scans = useScanIndexStore()
  return {
    /** A code the core answered since the last change comes back at once (stores/scanIndex.ts). */
    scan: (code: string, kind?: 'item' | 'bundle'): Promise<ScanResult> => scans.scan(code, kind),
    /** While the counter is open, the answers for the codes scanned most are read ahead in idle time; `cool` stops it. */
    warmScans: (): void => scans.warm(),
    coolScans: (): void => scans.cool(),
    booking: (id: string): Promise<LocalBooking> => request('bookings.get', { id }),
    /**
     * Each item's stock by agency, in one request (and one read on demand) per STOCK_ITEMS_MAX items; each of
     * `agencyIds` (the agencies the screen shows) comes for each item, with 0 where it holds none, as of its read.
     */
    async stock(itemIds: readonly number[], agencyIds: readonly number[] = []): Promise<ItemStock[]> {
      const asks = []
      for (let at = 0; at < itemIds.length; at += STOCK_ITEMS_MAX)
        asks.push(request('counter.stock', { itemIds: itemIds.slice(at, at + STOCK_ITEMS_MAX), agencyIds: [...agencyIds] }))
      return (await Promise.all(asks)).flat()
    },
    transferRequests: (): Promise<TransferRequest[]> => request('counter.transferRequests'),
    /** Bundles first (a bundle's code usually is what was meant), then items. */
    async suggest(query: string): Promise<CodeSuggestion[]> {
      const [items, bundles] = await Promise.all([
        request('items.search', { query, limit: 8 }),
        request('catalogue.search', { query, tag: null, active: 'active', offset: 0, limit: 5 }),
      ])
      return [
        ...bundles.rows.map((b) => ({
          kind: 'bundle' as const,
          id: b.id,
          code: b.code,
          name: b.name,
          available: b.available,
          active: true,
        })),
        ...items.map((i) => ({
          kind: 'item' as const,
          id: i.id,
          code: i.code,
          name: i.name,
          available: i.available,
          active: i.active !== false,
        })),
      ]
    },
  }
}
