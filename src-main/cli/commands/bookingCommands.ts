import { readFileSync, writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import type { BookingChanges, BookingInput, LocalBooking } from '@shared/bookings'
import { bundleRefusal, expandBundle } from '@shared/bookingLines'
import type { ErrorPayload } from '@shared/errors'
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

/** A stored failure in a line: what the clerk is told, then the service's words or a short excerpt of its page. */
const errorLine = (p: ErrorPayload) => (p.detail && p.detail !== p.message.en ? `${p.message.en} (${p.detail})` : p.message.en)

const describe = (b: LocalBooking) =>
  `${b.serviceId ?? '(local)'}  ${b.localId}  ${b.state}${b.shipped ? ' shipped' : ''}${b.delivered ? ' delivered' : ''}  ${b.agencyFromId} → ${b.agencyToId ?? '(no destination)'}  ${b.plannedDelivery}  ${b.lines.length} line(s)${b.problem ? `  ! ${b.problem.detail ?? b.problem.message.en}` : ''}`

/** bookings … and outbox …: the counter's bookings, queued offline and pushed by sync. */
export function registerBookingCommands(program: Command, run: Run): void {
  const bookings = program.command('bookings').description('bookings (reservations), written locally and synced')

  bookings.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const list = await ctx.call('bookings.list')
      ctx.out.result(list, () => list.map(describe).join('\n') || 'No bookings.')
    }),
  )

  bookings.command('show <id>').action(
    run(async (ctx, id: string) => {
      await ctx.core({ signedIn: true })
      const b = await ctx.call('bookings.get', { id })
      ctx.out.result(b, () =>
        [describe(b), ...b.lines.map((l) => `  ${l.bookedQuantity} × item ${l.itemId}${l.lotId ? ` lot ${l.lotId}` : ''}`)].join('\n'),
      )
    }),
  )

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

  const outbox = program.command('outbox').description('changes waiting to be sent to the service')
  outbox.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const entries = await ctx.call('outbox.list')
      ctx.out.result(
        entries,
        () =>
          entries
            .map(
              (e) =>
                `${String(e.seq).padStart(6)}  ${e.op.padEnd(8)} ${e.state.padEnd(9)} ${e.serviceId ?? e.localId}${e.lastError ? `  ${errorLine(e.lastError)}` : ''}`,
            )
            .join('\n') || 'Nothing waiting.',
      )
    }),
  )
  outbox
    .command('export <file>')
    .description("write this computer's unsent entries to a file, to send them from another computer (a counter whose disk is failing)")
    .action(
      run(async (ctx, file: string) => {
        const core = await ctx.core({ signedIn: true })
        const exported = core.services.outboxTransfer.export()
        // Owner-only: it holds the shop's bookings.
        writeFileSync(file, `${JSON.stringify(exported, null, 2)}\n`, { mode: 0o600 })
        const bookingCount = new Set(exported.entries.map((e) => e.booking.local_id)).size
        ctx.out.result({ file, entries: exported.entries.length, bookings: bookingCount }, () =>
          [
            `Wrote ${exported.entries.length} unsent entr${exported.entries.length === 1 ? 'y' : 'ies'} of ${bookingCount} booking(s) to ${file}.`,
            'Import it on the other computer with "mostrador outbox import FILE", and do not sync from this one any more.',
          ].join('\n'),
        )
      }),
    )
  outbox
    .command('import <file>')
    .description(
      'add the unsent entries of a file written by "outbox export"; each is checked against the service by its marker before it is sent',
    )
    .action(
      run(async (ctx, file: string) => {
        let raw: unknown
        try {
          raw = JSON.parse(readFileSync(file, 'utf8'))
        } catch (err) {
          throw new UsageError(`${file} is not an outbox file: ${err instanceof Error ? err.message : String(err)}`)
        }
        const core = await ctx.core({ signedIn: true })
        const report = core.services.outboxTransfer.import(raw)
        ctx.out.result(report, () =>
          [
            `Imported ${report.imported} entr${report.imported === 1 ? 'y' : 'ies'} of ${report.bookings} booking(s); ${report.alreadyHere} already here.`,
            report.imported ? 'Run "mostrador sync": each is read back from the service by its marker before it is sent.' : '',
          ]
            .filter(Boolean)
            .join('\n'),
        )
      }),
    )
  for (const [name, entry] of [
    ['retry', 'outbox.retry'],
    ['discard', 'outbox.discard'],
    ['keep-theirs', 'outbox.keepTheirs'],
  ] as const) {
    outbox.command(`${name} <seq>`).action(
      run(async (ctx, seq: string) => {
        await ctx.core({ signedIn: true })
        const { sync } = await ctx.call(entry, { seq: positive(seq, 'SEQ') as number })
        ctx.out.result(
          sync,
          () =>
            `Done. ${sync.waiting} entr${sync.waiting === 1 ? 'y' : 'ies'} waiting, ${sync.failed} failed, ${sync.conflicts} in conflict.`,
        )
      }),
    )
  }
}
