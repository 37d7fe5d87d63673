import Decimal from 'decimal.js'
import type { LotFreshness } from '@shared/lots'
import { readQuantity, type ReceptionForm, type ReceptionLineForm } from './receptionForm'

/** A line received short of what the order still expects: the rest stays pending on the order. */
export interface ReceptionShortfall {
  detailId: number
  line: ReceptionLineForm
  counted: string
  missing: string
}

/** A line received into a lot already expired, or expiring within the warning days. */
export interface ReceptionLotWarning {
  detailId: number
  line: ReceptionLineForm
  state: Exclude<LotFreshness, 'fresh'>
}

/** What the clerk is shown before the reception is registered; empty when there is nothing to confirm. */
export interface ReceptionSummary {
  shortfalls: ReceptionShortfall[]
  lots: ReceptionLotWarning[]
}

/**
 * The shortfalls and the dated lots of a form that passed its checks. A line left at 0 is a
 * shortfall too: the order stays open for it. A lot is judged only on a line that receives something.
 */
export function receptionSummary(form: ReceptionForm, freshness: (expires: string | null) => LotFreshness): ReceptionSummary {
  const shortfalls: ReceptionShortfall[] = []
  const lots: ReceptionLotWarning[] = []
  for (const line of form.lines) {
    const counted = readQuantity(line.quantity) ?? new Decimal(0)
    const pending = new Decimal(line.pending)
    if (counted.lt(pending))
      shortfalls.push({ detailId: line.detailId, line, counted: counted.toString(), missing: pending.minus(counted).toString() })
    const state = line.perishable && counted.gt(0) ? freshness(line.lotExpires) : 'fresh'
    if (state !== 'fresh') lots.push({ detailId: line.detailId, line, state })
  }
  return { shortfalls, lots }
}

export function needsConfirmation(summary: ReceptionSummary): boolean {
  return summary.shortfalls.length > 0 || summary.lots.length > 0
}
