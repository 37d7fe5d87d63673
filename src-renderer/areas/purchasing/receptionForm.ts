import Decimal from 'decimal.js'
import { decimalPattern } from '@shared/patterns'
import type { ReceptionCount } from '@shared/domain'
import type { PurchaseOrder, ReceptionDraft, ReceptionDraftLine, ReceptionInput } from '@shared/purchasing'

/** What the reception screen edits: the header and one delivered quantity per order line. */
export interface ReceptionLineForm {
  detailId: number
  itemId: number
  code: string | null
  name: string | null
  ordered: string | null
  received: string | null
  pending: string
  perishable: boolean
  quantity: string
  lotName: string
  lotExpires: string | null
}

export interface ReceptionForm {
  agencyId: number | null
  receivedAt: string | null
  exchangeRate: string
  invoiceNumber: string
  memo: string
  needsTransit: boolean
  lines: ReceptionLineForm[]
}

/**
 * The form for a draft (new.json). Counting by scanning, every line starts at
 * 0 and each scan adds to it; pre-filled, each delivered quantity is what is
 * still pending.
 */
export function formFromDraft(draft: ReceptionDraft, fallbackAgency: number | null, count: ReceptionCount = 'prefilled'): ReceptionForm {
  return {
    agencyId: draft.agencyId ?? fallbackAgency,
    receivedAt: draft.receivedAt,
    exchangeRate: draft.exchangeRate === null ? '' : String(draft.exchangeRate),
    invoiceNumber: '',
    memo: '',
    needsTransit: false,
    lines: draft.lines.map((l) => ({
      detailId: l.purchaseOrderDetailId,
      itemId: l.itemId,
      code: l.itemCode,
      name: l.itemName,
      ordered: l.orderedQuantity,
      received: l.receivedQuantity,
      pending: l.pendingQuantity,
      perishable: l.perishable,
      quantity: count === 'scan' ? '0' : new Decimal(l.pendingQuantity).toString(),
      lotName: '',
      // The expiry the order gives the goods (its line's expire_date), as the SDK receives them.
      lotExpires: l.lotExpires,
    })),
  }
}

/** A clerk types 2,5 as readily as 2.5. Null when it is not a number. */
export function readQuantity(text: string): Decimal | null {
  const t = text.trim().replace(',', '.')
  if (t === '') return new Decimal(0)
  return decimalPattern.test(t) ? new Decimal(t) : null
}

export type LineProblem = 'notANumber' | 'overPending' | 'lotRequired' | 'expiryRequired'
export type HeaderProblem = 'agencyRequired' | 'rateInvalid' | 'nothingReceived'

export interface FormProblems {
  header: HeaderProblem[]
  lines: Record<number, LineProblem[]>
}

export function checkForm(form: ReceptionForm, foreignCurrency: boolean): FormProblems {
  const header: HeaderProblem[] = []
  const lines: Record<number, LineProblem[]> = {}
  if (form.agencyId === null) header.push('agencyRequired')
  if (foreignCurrency && form.exchangeRate.trim() !== '') {
    const rate = readQuantity(form.exchangeRate)
    if (!rate || rate.lte(0)) header.push('rateInvalid')
  }
  let any = false
  for (const line of form.lines) {
    const q = readQuantity(line.quantity)
    const problems: LineProblem[] = []
    if (q === null) problems.push('notANumber')
    else if (q.gt(line.pending)) problems.push('overPending')
    else if (q.gt(0)) {
      any = true
      if (line.perishable && line.lotName.trim() === '') problems.push('lotRequired')
      if (line.perishable && !line.lotExpires) problems.push('expiryRequired')
    }
    if (problems.length) lines[line.detailId] = problems
  }
  if (!any && Object.keys(lines).length === 0) header.push('nothingReceived')
  return { header, lines }
}

export function hasProblems(p: FormProblems): boolean {
  return p.header.length > 0 || Object.keys(p.lines).length > 0
}

/** The lines with something delivered, as the contract takes them. */
export function receptionInput(orderId: number, form: ReceptionForm, foreignCurrency: boolean): ReceptionInput {
  return {
    orderId,
    agencyId: form.agencyId!,
    receivedAt: form.receivedAt ?? undefined,
    invoiceNumber: form.invoiceNumber.trim() || null,
    memo: form.memo.trim() || null,
    needsTransit: form.needsTransit,
    exchangeRate: foreignCurrency && form.exchangeRate.trim() !== '' ? readQuantity(form.exchangeRate)!.toString() : null,
    lines: form.lines
      .filter((l) => readQuantity(l.quantity)?.gt(0))
      .map((l): ReceptionInput['lines'][number] => ({
        itemId: l.itemId,
        purchaseOrderDetailId: l.detailId,
        quantity: readQuantity(l.quantity)!.toString(),
        lotName: l.perishable ? l.lotName.trim() : null,
        lotExpires: l.perishable ? l.lotExpires : null,
      })),
  }
}

/** The draft after a reception, from the order as the service answered it: each line's received and pending as they are now. */
export function draftAfterReception(draft: ReceptionDraft, order: PurchaseOrder): ReceptionDraft {
  const now = new Map((order.lines ?? []).map((l) => [l.id, l]))
  return {
    ...draft,
    // GraphQL carries no exchange rate: the draft's stays.
    order: { ...order, exchangeRate: order.exchangeRate ?? draft.order.exchangeRate },
    lines: draft.lines.map((l): ReceptionDraftLine => {
      const line = now.get(l.purchaseOrderDetailId)
      return line ? { ...l, receivedQuantity: line.receivedQuantity, pendingQuantity: line.pendingQuantity } : l
    }),
  }
}

/** What one scan did to the form. */
export type ScanOutcome = { kind: 'counted'; line: ReceptionLineForm; over: boolean } | { kind: 'notOnOrder' }

/** More counted than the order still expects on this line (the service refuses it; the screen warns at once). */
export function overCounted(line: ReceptionLineForm): boolean {
  const q = readQuantity(line.quantity)
  return q !== null && q.gt(line.pending)
}

/**
 * Adds `count` to the order lines of `itemId`. An item on several lines of the
 * order fills them in order, each up to what it still expects; what is left
 * goes to the last one, which then shows as counted over.
 */
export function countScan(form: ReceptionForm, itemId: number, count: string): ScanOutcome {
  const lines = form.lines.filter((l) => l.itemId === itemId)
  if (lines.length === 0) return { kind: 'notOnOrder' }
  let left = new Decimal(count)
  let line = lines[lines.length - 1]!
  for (const l of lines) {
    if (left.isZero()) break
    const now = readQuantity(l.quantity) ?? new Decimal(0)
    const room = Decimal.max(new Decimal(l.pending).minus(now), 0)
    const taken = l === lines[lines.length - 1] ? left : Decimal.min(room, left)
    if (taken.isZero()) continue
    l.quantity = now.plus(taken).toString()
    left = left.minus(taken)
    line = l
  }
  return { kind: 'counted', line, over: overCounted(line) }
}

/** The order line a typed code names by the item's own code (case aside), without asking the catalogue. */
export function lineByCode(form: ReceptionForm, code: string): ReceptionLineForm | null {
  const wanted = code.trim().toLocaleLowerCase()
  return form.lines.find((l) => l.code !== null && l.code.toLocaleLowerCase() === wanted) ?? null
}

/** Counted against ordered, for the screen's tally: all lines, and the lines counted in full. */
export function countTally(form: ReceptionForm): { counted: string; pending: string; linesDone: number; lines: number } {
  let counted = new Decimal(0)
  let pending = new Decimal(0)
  let linesDone = 0
  for (const l of form.lines) {
    const q = readQuantity(l.quantity) ?? new Decimal(0)
    counted = counted.plus(q)
    pending = pending.plus(l.pending)
    if (q.eq(l.pending)) linesDone++
  }
  return { counted: counted.toString(), pending: pending.toString(), linesDone, lines: form.lines.length }
}
