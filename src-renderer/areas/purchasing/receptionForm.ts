import Decimal from 'decimal.js'
import { decimalPattern } from '@shared/patterns'
import type { ReceptionDraft, ReceptionInput } from '@shared/purchasing'

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

/** Prefilled from new.json: each delivered quantity defaults to what is still pending. */
export function formFromDraft(draft: ReceptionDraft, fallbackAgency: number | null): ReceptionForm {
  return {
    agencyId: draft.agency_id ?? fallbackAgency,
    receivedAt: draft.received_at,
    exchangeRate: draft.exchange_rate === null ? '' : String(draft.exchange_rate),
    invoiceNumber: '',
    memo: '',
    needsTransit: false,
    lines: draft.lines.map((l) => ({
      detailId: l.purchase_order_detail_id,
      itemId: l.item_id,
      code: l.item_code,
      name: l.item_name,
      ordered: l.ordered_quantity,
      received: l.received_quantity,
      pending: l.pending_quantity,
      perishable: l.perishable,
      quantity: new Decimal(l.pending_quantity).toString(),
      lotName: '',
      lotExpires: null,
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
      .map((l) => ({
        item_id: l.itemId,
        purchase_order_detail_id: l.detailId,
        quantity: readQuantity(l.quantity)!.toString(),
        lot_name: l.perishable ? l.lotName.trim() : null,
        lot_expires: l.perishable ? l.lotExpires : null,
      })),
  }
}
