import { fefoLot, type PickableLot } from '../lots'

/**
 * The lot a new line takes: first expired, first out, never an expired one, one that covers the quantity
 * (src-shared/lots.ts). Without the clerk's day (not known yet) the first by expiry.
 */
export function defaultLot(lots: readonly PickableLot[], quantity = '1', today: string | null = null): number | null {
  return today === null ? (lots[0]?.id ?? null) : fefoLot(lots, quantity, today)
}
