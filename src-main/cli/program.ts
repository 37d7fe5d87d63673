import { Command, CommanderError } from 'commander'
import { createCliContext, type CliContext, type GlobalOptions } from './cliContext'
import { registerAccountCommands } from './commands/accountCommands'
import { registerBookingCommands } from './commands/bookingCommands'
import { registerCatalogueCommands } from './commands/catalogueCommands'
import { registerOutboxCommands } from './commands/outboxCommands'
import { registerPurchasingCommands } from './commands/purchasingCommands'
import type { Run } from './commands/runType'
import { registerServerCommands } from './commands/serverCommands'
import { registerAdministrationCommands } from './commands/administrationCommands'
import { registerSupportCommands } from './commands/supportCommands'
import { EXIT_OK, EXIT_USAGE, createOutput, reportFailure } from './output'

/**
 * Runs one command line and resolves to the exit code. Commands are thin: they
 * parse options, call the contract through the core, and print.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const program = new Command('mostrador')
  const contexts: CliContext[] = []
  let failure: number | null = null

  program
    .description('Mostrador from the command line: sign in, query the service, run the sandbox or the browser host')
    .option('--server <url>', 'service address (default: the one you last signed in to)')
    .option('--data-dir <dir>', 'data folder (default: the OS app-data folder; env MOSTRADOR_DATA_DIR)')
    .option('--log-dir <dir>', 'log folder (default: the OS log folder; env MOSTRADOR_LOG_DIR)')
    .option('--json', 'print one JSON document on standard output')
    .option('--insecure-http', 'lab only: allow a plain http:// service address on another computer (the token travels in clear)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showSuggestionAfterError()

  const run: Run =
    (action) =>
    async (...args: unknown[]): Promise<void> => {
      const global = program.opts<GlobalOptions>()
      const ctx = createCliContext(global, createOutput(!!global.json), env)
      contexts.push(ctx)
      try {
        await (action as (ctx: CliContext, ...a: unknown[]) => Promise<void>)(ctx, ...args.slice(0, -1))
      } catch (err) {
        failure = reportFailure(err, !!global.json)
      }
    }

  registerAccountCommands(program, run)
  registerCatalogueCommands(program, run)
  registerBookingCommands(program, run)
  registerOutboxCommands(program, run)
  registerPurchasingCommands(program, run)
  registerServerCommands(program, run)
  registerAdministrationCommands(program, run)
  registerSupportCommands(program, run)

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE
    }
    failure = reportFailure(err, !!program.opts<GlobalOptions>().json)
  } finally {
    for (const ctx of contexts) await ctx.close()
  }
  return failure ?? (typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK)
}
