import { writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import { doctorText, runDoctorWithoutCore } from '@core/support/doctor'
import { serviceCheckText } from '@core/support/serviceCheck'
import { EXIT_FAILED } from '../output'
import type { Run } from './runType'

/** doctor and support-bundle: what a shop runs when something is wrong, and what it sends to support. */
export function registerSupportCommands(program: Command, run: Run): void {
  program
    .command('doctor')
    .description('check the data folder, cache, keychain, service, clock and outbox; exit 1 if a check fails')
    // A separate report, not more lines of the local checks: it needs a signed-in account and asks the server a lot more.
    .option(
      '--service',
      'instead: which GraphQL reads, REST paths and extensions the signed-in server offers, and what the app does without each; exit 1 if something the app needs is refused',
    )
    .action(
      run(async (ctx, opts: { service?: boolean }) => {
        if (opts.service) {
          const core = await ctx.core({ signedIn: true })
          const report = await core.services.support.serviceCheck()
          ctx.out.result(report, () => serviceCheckText(report))
          if (!report.ok) process.exitCode = EXIT_FAILED
          return
        }
        // Doctor is what a shop runs when the app will not start: a core that cannot open the data folder still gets its report.
        const report = await ctx.core().then(
          (core) => core.services.support.doctor(ctx.global.server),
          (err: unknown) => runDoctorWithoutCore(ctx.bareDoctorDeps(), err),
        )
        ctx.out.result(report, () => doctorText(report))
        if (!report.ok) process.exitCode = EXIT_FAILED
      }),
    )

  program
    .command('support-bundle')
    .description('write a zip for support: logs, doctor output, versions, outbox metadata; never tokens')
    .argument('<file>', 'the zip to write')
    .option('--include-data', "also add the cache's business data (bookings and queued payloads)")
    .option('--include-set-aside', "also add the damaged cache files the app set aside, whole (they hold the shop's data)")
    .action(
      run(async (ctx, file: string, opts: { includeData?: boolean; includeSetAside?: boolean }) => {
        const core = await ctx.core()
        const made = await core.services.support.bundle({
          includeData: !!opts.includeData,
          includeSetAside: !!opts.includeSetAside,
          serverUrl: ctx.global.server,
        })
        // Owner-only: logs and settings name the user and the shop.
        writeFileSync(file, made.bytes, { mode: 0o600 })
        ctx.out.result({ file, bytes: made.bytes.length, entries: made.entries }, () =>
          [`Support bundle written: ${file} (${made.bytes.length} bytes)`, ...made.entries.map((e) => `  ${e}`)].join('\n'),
        )
      }),
    )
}
