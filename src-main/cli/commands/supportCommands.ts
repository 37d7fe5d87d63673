import { writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import { doctorText } from '../../core/support/doctor'
import { EXIT_FAILED } from '../output'
import type { Run } from './runType'

/** doctor and support-bundle: what a shop runs when something is wrong, and what it sends to support. */
export function registerSupportCommands(program: Command, run: Run): void {
  program
    .command('doctor')
    .description('check the data folder, cache, keychain, service, clock and outbox; exit 1 if a check fails')
    .action(
      run(async (ctx) => {
        const core = await ctx.core()
        const report = await core.services.support.doctor(ctx.global.server)
        ctx.out.result(report, () => doctorText(report))
        if (!report.ok) process.exitCode = EXIT_FAILED
      }),
    )

  program
    .command('support-bundle')
    .description('write a zip for support: logs, doctor output, versions, outbox metadata; never tokens')
    .argument('<file>', 'the zip to write')
    .option('--include-data', "also add the cache's business data (bookings and queued payloads)")
    .action(
      run(async (ctx, file: string, opts: { includeData?: boolean }) => {
        const core = await ctx.core()
        const made = await core.services.support.bundle({ includeData: !!opts.includeData, serverUrl: ctx.global.server })
        // Owner-only: logs and settings name the user and the shop.
        writeFileSync(file, made.bytes, { mode: 0o600 })
        ctx.out.result({ file, bytes: made.bytes.length, entries: made.entries }, () =>
          [`Support bundle written: ${file} (${made.bytes.length} bytes)`, ...made.entries.map((e) => `  ${e}`)].join('\n'),
        )
      }),
    )
}
