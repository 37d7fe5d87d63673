import Decimal from 'decimal.js'
import { decimalPattern, isCalendarDate, isValidQuantity, parsePositiveWhole } from '@shared/patterns'
import type { Command } from 'commander'
import { orderState, type Consolidate, type OrderState, type PurchaseOrder, type Reception, type ReceptionInput } from '@shared/purchasing'
import type { CliContext } from '../cliContext'
import { UsageError } from '../output'
import { collect, optionalDate, positiveInt as positive } from './arguments'
import type { Run } from './runType'

const money = (o: PurchaseOrder, amount: string | null) =>
  `${o.currency?.code ?? ''} ${amount === null ? '—' : new Decimal(amount).toFixed(2)}`.trim()
const stateWords: Record<OrderState, string> = {
  voided: 'voided',
  paid: 'paid',
  received: 'received',
  partlyReceived: 'partly received',
  authorized: 'authorised',
  draft: 'draft',
}
const state = (o: PurchaseOrder) => stateWords[orderState(o)]

const describeOrder = (o: PurchaseOrder) =>
  `${o.id}  ${o.idNumber ?? '(no number)'}  ${o.issueDate ?? ''}  ${o.supplier ?? ''}  ${money(o, o.total)}${o.consolidateId ? `  consolidate ${o.consolidateId}` : ''}`

function totalsByCurrency(orders: readonly PurchaseOrder[]): string {
  const sums = new Map<string, Decimal>()
  for (const o of orders) {
    const code = o.currency?.code ?? '?'
    sums.set(code, (sums.get(code) ?? new Decimal(0)).plus(o.total ?? 0))
  }
  return [...sums].map(([code, sum]) => `${code} ${sum.toFixed(2)}`).join(', ')
}

const describeConsolidate = (c: Consolidate) =>
  [
    `${c.id}  ${c.name}${c.specialInvoice ? `  special invoice ${c.idNumber ?? ''}` : ''}`,
    ...(c.description ? [`  ${c.description}`] : []),
    ...c.orders.map((o) => `  ${describeOrder(o)}`),
    `  total: ${totalsByCurrency(c.orders) || 'no orders'}`,
  ].join('\n')

const describeReception = (r: Reception) =>
  [
    `${r.id}  order ${r.purchaseOrderId}  agency ${r.agencyId ?? '?'}  ${r.receivedAt?.slice(0, 10) ?? ''}${r.voided ? '  RETURNED' : ''}${r.invoiceNumber ? `  invoice ${r.invoiceNumber}` : ''}`,
    ...r.lines.map(
      (l) => `  ${l.quantity} × item ${l.itemId}${l.lotName ? ` lot ${l.lotName}${l.lotExpires ? ` (expires ${l.lotExpires})` : ''}` : ''}`,
    ),
  ].join('\n')

/** consolidates …: group purchase orders (online). */
function registerConsolidateCommands(program: Command, run: Run): void {
  const consolidates = program.command('consolidates').description('consolidates of purchase orders (online)')
  registerConsolidateCandidates(consolidates, run)
  registerConsolidateCreate(consolidates, run)
  registerConsolidateList(consolidates, run)
  registerConsolidateShow(consolidates, run)
  registerConsolidateUpdate(consolidates, run)
  registerConsolidateDelete(consolidates, run)
}

/** candidates and special-candidates: the orders a consolidate of either kind may take. */
function registerConsolidateCandidates(consolidates: Command, run: Run): void {
  const candidates = (special: boolean) =>
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const orders = await ctx.call('consolidates.candidates', { special })
      ctx.out.result(orders, () =>
        orders.length
          ? [...orders.map(describeOrder), `total: ${totalsByCurrency(orders)}`].join('\n')
          : 'No purchase orders to consolidate.',
      )
    })
  consolidates.command('candidates').description('purchase orders that can be consolidated').action(candidates(false))
  consolidates.command('special-candidates').description('received, unpaid purchase orders (special invoice)').action(candidates(true))
}

/** create and create-special: the same options, a special invoice or not. */
function registerConsolidateCreate(consolidates: Command, run: Run): void {
  const create = (special: boolean) =>
    run(async (ctx, opts: { name: string; description?: string; order?: string[] }) => {
      const orderIds = (opts.order ?? []).map((o) => positive(o, '--order'))
      if (!orderIds.length) throw new UsageError('give at least one --order')
      await ctx.core({ signedIn: true })
      const c = await ctx.call('consolidates.create', { name: opts.name, description: opts.description ?? null, orderIds, special })
      ctx.out.result(c, () => describeConsolidate(c))
    })
  consolidates
    .command('create')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .option('--order <id>', 'a purchase order (repeat)', collect)
    .action(create(false))
  consolidates
    .command('create-special')
    .description('a special-invoice consolidate (supplier without invoice)')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .option('--order <id>', 'a received, unpaid purchase order (repeat)', collect)
    .action(create(true))
}

function registerConsolidateList(consolidates: Command, run: Run): void {
  consolidates.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const list = await ctx.call('consolidates.list')
      ctx.out.result(
        list,
        () =>
          list.map((c) => `${c.id}  ${c.name}  ${c.orderCount} order(s)${c.idNumber ? `  ${c.idNumber}` : ''}`).join('\n') ||
          'No consolidates.',
      )
    }),
  )
}

function registerConsolidateShow(consolidates: Command, run: Run): void {
  consolidates.command('show <id>').action(
    run(async (ctx, id: string) => {
      await ctx.core({ signedIn: true })
      const c = await ctx.call('consolidates.get', { id: positive(id, 'id') })
      ctx.out.result(c, () => describeConsolidate(c))
    }),
  )
}

function registerConsolidateUpdate(consolidates: Command, run: Run): void {
  consolidates
    .command('update <id>')
    .option('--name <name>')
    .option('--description <text>')
    .action(
      run(async (ctx, id: string, opts: { name?: string; description?: string }) => {
        if (opts.name === undefined && opts.description === undefined) throw new UsageError('give --name or --description')
        await ctx.core({ signedIn: true })
        const c = await ctx.call('consolidates.update', {
          id: positive(id, 'id'),
          changes: { name: opts.name, description: opts.description },
        })
        ctx.out.result(c, () => describeConsolidate(c))
      }),
    )
}

function registerConsolidateDelete(consolidates: Command, run: Run): void {
  consolidates
    .command('delete <id>')
    .description('delete a consolidate; its orders are released')
    .action(
      run(async (ctx, id: string) => {
        await ctx.core({ signedIn: true })
        const res = await ctx.call('consolidates.delete', { id: positive(id, 'id') })
        ctx.out.result(res, () => `Consolidate ${id} deleted; its orders can be consolidated again.`)
      }),
    )
}

/** ITEM_ID:QTY[:DETAIL_ID]; without the detail, the order line of that item with something pending. */
function receptionLines(values: string[], lots: string[], draft: Awaited<ReturnType<typeof loadDraft>>): ReceptionInput['lines'] {
  const lotByItem = new Map<number, { name: string; expires: string }>()
  for (const spec of lots) {
    const m = /^(\d+):([^:]+):(\d{4}-\d{2}-\d{2})$/.exec(spec)
    if (!m || !isCalendarDate(m[3]!)) throw new UsageError(`--lot must look like ITEM_ID:LOT_NAME:YYYY-MM-DD, got ${spec}`)
    lotByItem.set(Number(m[1]), { name: m[2]!, expires: m[3]! })
  }
  return values.map((v) => {
    const [item = '', quantity = '', detail] = v.split(':')
    if (parsePositiveWhole(item) === null || !isValidQuantity(quantity) || (detail !== undefined && parsePositiveWhole(detail) === null)) {
      throw new UsageError(`--line must look like ITEM_ID:QUANTITY[:DETAIL_ID], got ${v}`)
    }
    const line = detail
      ? draft.lines.find((l) => l.purchaseOrderDetailId === Number(detail))
      : (draft.lines.find((l) => l.itemId === Number(item) && new Decimal(l.pendingQuantity).gt(0)) ??
        draft.lines.find((l) => l.itemId === Number(item)))
    if (!line) throw new UsageError(`order ${draft.order.id} has no line ${detail ? `with detail ${detail}` : `for item ${item}`}`)
    const lot = lotByItem.get(Number(item))
    if (line.perishable && !lot) throw new UsageError(`item ${item} is perishable: give --lot ${item}:LOT_NAME:YYYY-MM-DD`)
    return {
      itemId: Number(item),
      purchaseOrderDetailId: line.purchaseOrderDetailId,
      quantity,
      lotName: lot?.name ?? null,
      lotExpires: lot?.expires ?? null,
    }
  })
}

async function loadDraft(ctx: CliContext, orderId: number) {
  return ctx.call('receptions.draft', { orderId })
}

/** receptions …: goods entering a warehouse from a purchase order (online). */
function registerReceptionCommands(program: Command, run: Run): void {
  const receptions = program.command('receptions').description('receptions of purchase orders (online)')
  registerReceptionNew(receptions, run)
  registerReceptionCreate(receptions, run)
  registerReceptionShow(receptions, run)
  registerReceptionReturn(receptions, run)
}

function registerReceptionNew(receptions: Command, run: Run): void {
  receptions
    .command('new')
    .description('what a reception of the order starts from: each line with what is pending')
    .requiredOption('--order <id>')
    .action(
      run(async (ctx, opts: { order: string }) => {
        await ctx.core({ signedIn: true })
        const draft = await loadDraft(ctx, positive(opts.order, '--order'))
        ctx.out.result(draft, () =>
          [
            `${describeOrder(draft.order)}  ${state(draft.order)}`,
            `agency ${draft.agencyId ?? '?'}  date ${draft.receivedAt ?? ''}${draft.foreignCurrency ? `  exchange rate ${draft.exchangeRate ?? '?'}` : ''}`,
            ...draft.lines.map(
              (l) =>
                `  item ${l.itemId} ${l.itemCode ?? ''} ${l.itemName ?? ''}  detail ${l.purchaseOrderDetailId}  ordered ${l.orderedQuantity ?? '?'}  received ${l.receivedQuantity ?? '?'}  pending ${l.pendingQuantity}${l.perishable ? `  perishable, expires ${l.lotExpires ?? '?'} (needs --lot)` : ''}`,
            ),
          ].join('\n'),
        )
      }),
    )
}

function registerReceptionCreate(receptions: Command, run: Run): void {
  receptions
    .command('create')
    .description('receive goods of a purchase order into an agency')
    .requiredOption('--order <id>')
    .requiredOption('--agency <id>', 'destination warehouse')
    .option('--date <YYYY-MM-DD>', 'delivery date (default: today)')
    .option('--invoice <number>')
    .option('--memo <text>')
    .option('--transit', 'the goods need transit')
    .option('--rate <rate>', 'exchange rate of the order’s currency')
    .option('--line <ITEM_ID:QTY[:DETAIL_ID]>', 'a delivered quantity (repeat)', collect)
    .option('--lot <ITEM_ID:NAME:YYYY-MM-DD>', 'lot and expiry of a perishable item (repeat)', collect)
    .action(
      run(
        async (
          ctx,
          opts: {
            order: string
            agency: string
            date?: string
            invoice?: string
            memo?: string
            transit?: boolean
            rate?: string
            line?: string[]
            lot?: string[]
          },
        ) => {
          const orderId = positive(opts.order, '--order')
          const agencyId = positive(opts.agency, '--agency')
          if (!opts.line?.length) throw new UsageError('give at least one --line')
          optionalDate(opts.date, '--date')
          if (opts.rate !== undefined && !decimalPattern.test(opts.rate)) throw new UsageError(`--rate must be a number, got ${opts.rate}`)
          await ctx.core({ signedIn: true })
          const draft = await loadDraft(ctx, orderId)
          const result = await ctx.call('receptions.create', {
            orderId,
            agencyId,
            receivedAt: opts.date,
            invoiceNumber: opts.invoice ?? null,
            memo: opts.memo ?? null,
            needsTransit: !!opts.transit,
            exchangeRate: opts.rate ?? null,
            lines: receptionLines(opts.line, opts.lot ?? [], draft),
          })
          ctx.out.result(result, () =>
            [
              result.order
                ? `Reception ${result.receptionId ?? '(number not read back)'} saved; order ${orderId} is ${state(result.order)}.`
                : `Reception ${result.receptionId ?? '(number not read back)'} saved; order ${orderId} could not be read back.`,
              ...(result.order?.lines ?? []).map(
                (l) => `  detail ${l.id} item ${l.itemId}: received ${l.receivedQuantity} of ${l.quantity}, pending ${l.pendingQuantity}`,
              ),
            ].join('\n'),
          )
        },
      ),
    )
}

function registerReceptionShow(receptions: Command, run: Run): void {
  receptions.command('show <id>').action(
    run(async (ctx, id: string) => {
      await ctx.core({ signedIn: true })
      const r = await ctx.call('receptions.get', { id: positive(id, 'id') })
      ctx.out.result(r, () => describeReception(r))
    }),
  )
}

function registerReceptionReturn(receptions: Command, run: Run): void {
  receptions
    .command('return <id>')
    .description('return a reception: its goods leave the agency again')
    .option('--rebound', 'use rebound.json, naming the order with --order')
    .option('--order <id>', 'the purchase order (with --rebound)')
    .action(
      run(async (ctx, id: string, opts: { rebound?: boolean; order?: string }) => {
        if (opts.rebound && !opts.order) throw new UsageError('--rebound needs --order ID')
        if (!opts.rebound && opts.order) throw new UsageError('--order goes with --rebound')
        await ctx.core({ signedIn: true })
        const r = await ctx.call('receptions.return', {
          id: positive(id, 'id'),
          reboundOrderId: opts.rebound ? positive(opts.order!, '--order') : null,
        })
        ctx.out.result(r, () => `Reception ${r.id} returned; its goods left agency ${r.agencyId ?? '?'}.\n${describeReception(r)}`)
      }),
    )
}

export function registerPurchasingCommands(program: Command, run: Run): void {
  registerConsolidateCommands(program, run)
  registerReceptionCommands(program, run)
}
