import type { Command } from 'commander'
import type { BookingChanges, BookingInput, LocalBooking } from '@shared/bookings'
import { bundleRefusal, expandBundle } from '@shared/bookingLines'
import { parsePositiveWhole } from '@shared/patterns'
import { UsageError } from '../output'
import { collect, optionalDate, optionalPositiveInt as positive, quantity as checkedQuantity } from './arguments'
import type { Run } from './runType'

/** ITEM_ID:QTY[:LOT_ID] */
function lines(values: string[] | undefined): BookingInput['lines'] {
  return (values ?? []).map((v): BookingInput['lines'][number] => {
    const [item = '', quantity = '', lot] = v.split(':')
    if (parsePositiveWhole(item) === null || quantity === '' || (lot !== undefined && parsePositiveWhole(lot) === null)) {
      throw new UsageError(`--line must look like ITEM_ID:QUANTITY[:LOT_ID], got ${v}`)
    }
    return { itemId: Number(item), bookedQuantity: checkedQuantity(quantity, `--line ${v}`), lotId: lot ? Number(lot) : null }
  })
}

const describe = (b: LocalBooking) =>
  `${b.serviceId ?? '(local)'}  ${b.localId}  ${b.state}${b.shipped ? ' shipped' : ''}${b.delivered ? ' delivered' : ''}  ${b.agencyFromId} → ${b.agencyToId ?? '(no destination)'}  ${b.plannedDelivery}  ${b.lines.length} line(s)${b.problem ? `  ! ${b.problem.detail ?? b.problem.message.en}` : ''}`

/** bookings …: the counter's bookings, queued offline and pushed by sync. */
export function registerBookingCommands(program: Command, run: Run): void {
  const bookings = program.command('bookings').description('bookings (reservations), written locally and synced')
  registerList(bookings, run)
  registerShow(bookings, run)
  registerCreate(bookings, run)
  registerUpdate(bookings, run)
  registerStateChanges(bookings, run)
  registerDeliver(bookings, run)
  registerVoid(bookings, run)
}

function registerList(bookings: Command, run: Run): void {
  bookings.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const list = await ctx.call('bookings.list')
      ctx.out.result(list, () => list.map(describe).join('\n') || 'No bookings.')
    }),
  )
}

function registerShow(bookings: Command, run: Run): void {
  bookings.command('show <id>').action(
    run(async (ctx, id: string) => {
      await ctx.core({ signedIn: true })
      const b = await ctx.call('bookings.get', { id })
      ctx.out.result(b, () =>
        [describe(b), ...b.lines.map((l) => `  ${l.bookedQuantity} × item ${l.itemId}${l.lotId ? ` lot ${l.lotId}` : ''}`)].join('\n'),
      )
    }),
  )
}

function registerCreate(bookings: Command, run: Run): void {
  bookings
    .command('create')
    .description('queue a booking (works offline; sync sends it)')
    .option('--from <agency>', 'origin agency (default: yours)')
    .requiredOption('--to <agency>', 'destination agency')
    .option('--planned-delivery <date>', 'YYYY-MM-DD (default: today)')
    .option('--reference <text>')
    .option('--no-transport', 'delivered directly, without shipping')
    .option('--line <ITEM_ID:QTY[:LOT_ID]>', 'a line (repeat)', collect)
    .option('--bundle <BUNDLE_ID:QTY>', 'a bundle, expanded into its components (repeat)', collect)
    .option('--draft', 'keep it on this computer as a draft; "bookings submit ID" queues it')
    .action(
      run(
        async (
          ctx,
          opts: {
            from?: string
            to: string
            plannedDelivery?: string
            reference?: string
            transport: boolean
            line?: string[]
            bundle?: string[]
            draft?: boolean
          },
        ) => {
          const all = lines(opts.line)
          const plannedDelivery = optionalDate(opts.plannedDelivery, '--planned-delivery')
          await ctx.core({ signedIn: true })
          for (const spec of opts.bundle ?? []) {
            const [bundleId = '', quantity = ''] = spec.split(':')
            checkedQuantity(quantity, `--bundle ${spec}`)
            const bundle = await ctx.call('bundles.get', { id: positive(bundleId, '--bundle') as number })
            // Refused like a scan at the counter: an inactive bundle is withdrawn from sale.
            if (bundleRefusal(bundle) === 'inactive')
              throw new UsageError(`bundle ${bundleId} (${bundle.code}) is inactive: it cannot be booked`)
            if (bundle.categoryBundle) throw new UsageError(`bundle ${bundleId} is dynamic: give its items with --line`)
            // The same expansion as a bundle scanned at the counter (src-shared/bookingLines).
            for (const c of expandBundle(bundle.components, quantity))
              all.push({ itemId: c.itemId, bookedQuantity: c.quantity, bundleId: bundle.id })
          }
          if (!all.length) throw new UsageError('give at least one --line or --bundle')
          // Today where the user works (their profile's time zone), as the form rule says.
          const today = plannedDelivery ?? (await ctx.call('counter.setup')).today
          const { booking, warnings } = await ctx.call('bookings.create', {
            agencyFromId: positive(opts.from, '--from'),
            agencyToId: positive(opts.to, '--to') as number,
            plannedDelivery: today,
            reference: opts.reference ?? null,
            needsTransport: opts.transport,
            lines: all,
            draft: opts.draft ?? false,
          })
          for (const w of warnings)
            ctx.out.info(`warning: item ${w.itemId}: ${w.requested} requested, ${w.available} available in the cached stock`)
          ctx.out.result(booking, () =>
            booking.state === 'draft'
              ? `Kept draft ${booking.localId} on this computer. Run "mostrador bookings submit ${booking.localId}" to queue it.`
              : `Queued booking ${booking.localId} (${booking.state}). Run "mostrador sync" to send it.`,
          )
        },
      ),
    )
}

function registerUpdate(bookings: Command, run: Run): void {
  bookings
    .command('update <id>')
    .option('--reference <text>')
    .option('--to <agency>')
    .option('--planned-delivery <date>')
    .option('--line <ITEM_ID:QTY[:LOT_ID]>', 'replace the lines (repeat)', collect)
    .action(
      run(async (ctx, id: string, opts: { reference?: string; to?: string; plannedDelivery?: string; line?: string[] }) => {
        const changes: BookingChanges = {}
        if (opts.reference !== undefined) changes.reference = opts.reference
        if (opts.to !== undefined) changes.agencyToId = positive(opts.to, '--to')
        if (opts.plannedDelivery !== undefined) changes.plannedDelivery = optionalDate(opts.plannedDelivery, '--planned-delivery')
        if (opts.line) changes.lines = lines(opts.line)
        if (!Object.keys(changes).length) throw new UsageError('nothing to change')
        await ctx.core({ signedIn: true })
        const { booking: b } = await ctx.call('bookings.update', { id, changes })
        ctx.out.result(b, () => describe(b))
      }),
    )
}

/** delete, submit and ship: the same shape, an id in and the booking (or its deletion) out. */
function registerStateChanges(bookings: Command, run: Run): void {
  for (const [name, entry] of [
    ['delete', 'bookings.delete'],
    ['submit', 'bookings.submit'],
    ['ship', 'bookings.ship'],
  ] as const) {
    bookings.command(`${name} <id>`).action(
      run(async (ctx, id: string) => {
        await ctx.core({ signedIn: true })
        const res = await ctx.call(entry, { id })
        if ('booking' in res) ctx.out.result(res.booking, () => describe(res.booking))
        else ctx.out.result({ deleted: true }, () => `Deleted ${id}.`)
      }),
    )
  }
}

function registerDeliver(bookings: Command, run: Run): void {
  bookings
    .command('deliver <id>')
    .description('deliver a booking; a shipment in transit counted short: --count for every item and lot')
    .option('--count <ITEM_ID[:LOT_ID]=QTY>', 'what arrived of an item (and lot) (repeat)', collect)
    .option('--note <text>', 'what the difference was')
    .action(
      run(async (ctx, id: string, opts: { count?: string[]; note?: string }) => {
        const delivered = opts.count?.map((c) => {
          const m = /^(\d+)(?::(\d+))?=(\d+(?:\.\d+)?)$/.exec(c)
          if (!m) throw new UsageError(`--count ${c}: expected ITEM_ID[:LOT_ID]=QTY`)
          return { itemId: Number(m[1]), lotId: m[2] === undefined ? null : Number(m[2]), quantity: m[3] as string }
        })
        await ctx.core({ signedIn: true })
        const { booking: b } = await ctx.call('bookings.deliver', { id, delivered, note: opts.note ?? null })
        ctx.out.result(b, () => describe(b))
      }),
    )
}

function registerVoid(bookings: Command, run: Run): void {
  bookings
    .command('void <id>')
    .description('void (annul) a booking: the service keeps it, marked voided, and its stock is free again')
    .action(
      run(async (ctx, id: string) => {
        await ctx.core({ signedIn: true })
        const { changes } = await ctx.call('bookings.void', { id })
        ctx.out.result(changes.sync, () => `Voided ${id}. Run "mostrador sync" to send it.`)
      }),
    )
}
