import type { AgencyStock } from '@shared/counter'

/** Read times closer than this are one pull's: the age is said only when the figures come from different pulls. */
const READ_APART_MS = 60_000

/**
 * When an agency's figure of an item was read, if earlier than the item's newest figure or than the age the status bar
 * tells (`toldAt`: a routine pull reads only the station's agencies, the others wait for the daily full pull, and an
 * item stocked only elsewhere has no newer figure to be compared with); null when it needs no age.
 */
export function stockReadEarlier(rows: readonly AgencyStock[], agencyId: number | null, toldAt: string | null = null): number | null {
  const readAt = (r: AgencyStock | undefined) => Date.parse(r?.readAt ?? '')
  const at = readAt(rows.find((s) => s.agencyId === agencyId))
  const newest = Math.max(...[...rows.map(readAt), Date.parse(toldAt ?? '')].filter(Number.isFinite))
  return Number.isFinite(at) && newest - at > READ_APART_MS ? at : null
}
