import { readFileSync, writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import type { ErrorPayload } from '@shared/errors'
import { UsageError } from '../output'
import { optionalPositiveInt as positive } from './arguments'
import type { Run } from './runType'

/** A stored failure in a line: what the clerk is told, then the service's words or a short excerpt of its page. */
const errorLine = (p: ErrorPayload) => (p.detail && p.detail !== p.message.en ? `${p.message.en} (${p.detail})` : p.message.en)

/** outbox …: the changes waiting to be sent, and moving them to another computer. */
export function registerOutboxCommands(program: Command, run: Run): void {
  const outbox = program.command('outbox').description('changes waiting to be sent to the service')
  registerList(outbox, run)
  registerExport(outbox, run)
  registerImport(outbox, run)
  registerResolutions(outbox, run)
}

function registerList(outbox: Command, run: Run): void {
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
}

function registerExport(outbox: Command, run: Run): void {
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
}

function registerImport(outbox: Command, run: Run): void {
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
}

/** retry, discard and keep-theirs: a failed or conflicting entry's way out, by its sequence number. */
function registerResolutions(outbox: Command, run: Run): void {
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
