import type { Command } from 'commander'
import { sandboxScales, startSandbox } from '@sandbox'
import { launchBrowserHost } from '../../host/launchBrowserHost'
import { UsageError } from '../output'

import type { Run } from './runType'

function port(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`not a port: ${value}`)
  return n
}

/** Runs until Ctrl+C or SIGTERM, then closes what it started. */
function untilStopped(close: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      void close().finally(resolve)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

/** sandbox and serve: the two long-running commands. */
export function registerServerCommands(program: Command, run: Run): void {
  program
    .command('sandbox')
    .description('run the sandbox service (training company) until stopped')
    .option('--port <port>', 'port on 127.0.0.1 (default: a free one)')
    .option('--scale <scale>', 'small, large (50,000 items) or million (1,000,000 stock rows)', 'small')
    .option('--faults <spec>', 'e.g. latency=20-80,5xx=0.1,drop=0.05')
    .option('--no-extensions', 'serve only what the real service offers (no tags, POS settings, transfer requests…; see ADDITIONS.md)')
    .action(
      // Here the global --data-dir is the sandbox's own folder; without it the data is temporary.
      run(async (ctx, opts: { port?: string; scale: string; faults?: string; extensions: boolean }) => {
        const scale = sandboxScales.find((s) => s === opts.scale)
        if (scale === undefined) throw new UsageError('--scale is small, large or million')
        const sandbox = await startSandbox({
          port: port(opts.port),
          scale,
          faults: opts.faults,
          dataDir: ctx.global.dataDir,
          extensions: opts.extensions,
        })
        ctx.out.result({ url: sandbox.url, users: sandbox.users, extensions: opts.extensions }, () =>
          [
            `Sandbox service at ${sandbox.url}${opts.extensions ? '' : ' (extensions off: only what the real service offers)'}`,
            'Demo users (e-mail, token):',
            ...sandbox.users.map((u) => `  ${u.email}  ${u.token}  (${u.name})`),
            'Stop with Ctrl+C.',
          ].join('\n'),
        )
        await untilStopped(() => sandbox.close())
      }),
    )

  program
    .command('serve')
    .description('run the app in your browser: the core behind HTTP on 127.0.0.1')
    .option('--port <port>', 'port on 127.0.0.1 (default: a free one)')
    .action(
      run(async (ctx, opts: { port?: string }) => {
        const host = await launchBrowserHost({ dataDir: ctx.dataDir, logDir: ctx.logDir, port: port(opts.port) })
        ctx.out.result({ url: host.url }, () => `Open ${host.url}\nStop with Ctrl+C.`)
        await untilStopped(() => host.close())
      }),
    )
}
