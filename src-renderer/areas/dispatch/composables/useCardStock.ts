import { computed, ref } from 'vue'
import type { AgencyStock } from '@shared/counter'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import { createLoader } from '@renderer/stores/loader'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { stockReadEarlier } from '../stockReadEarlier'

/** An item's figure at one agency, and when it was read where that is earlier than its other figures or the status bar's age. */
export interface CardStockFigure {
  available: number
  readEarlierAt: number | null
}

/**
 * A dispatch card's «Existencias»: its items' stock at both ends, shown and hidden by one button, read in one request
 * (from the cached catalogue, or from the service where another agency's figures are older than a routine pull: a
 * few seconds at most, the button says so). A read that failed is said, never shown as figures of 0.
 */
export function useCardStock(itemIds: () => readonly number[], agencyIds: () => readonly number[] = () => []) {
  const reads = useCounterReads()
  // The age the status bar tells: a figure read before it says its own.
  const catalogue = useCatalogueStore()
  const stock = ref<Map<number, AgencyStock[]> | null>(null)
  const reading = createLoader(
    () => reads.stock([...new Set(itemIds())], agencyIds()),
    (found) => (stock.value = new Map(found.map((s) => [s.itemId, s.agencies]))),
  )

  /** Shows the figures, or hides them (or the failure) when shown; a press while they are read does nothing. */
  async function toggle(): Promise<void> {
    if (stock.value || reading.error) {
      stock.value = null
      reading.reset()
    } else if (!reading.loading) await reading.load()
  }

  function figure(itemId: number, agencyId: number | null): CardStockFigure | null {
    if (!stock.value) return null
    const rows = stock.value.get(itemId) ?? []
    return {
      available: rows.find((s) => s.agencyId === agencyId)?.available ?? 0,
      readEarlierAt: stockReadEarlier(rows, agencyId, catalogue.status?.pulledAt ?? null),
    }
  }

  return {
    shown: computed(() => stock.value !== null),
    loading: computed(() => reading.loading),
    error: computed(() => reading.error),
    toggle,
    retry: () => void reading.load(),
    figure,
  }
}
