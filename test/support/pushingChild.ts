import { createInterface } from 'node:readline'
import { coreHarness } from './coreHarness'

/**
 * A Mostrador process that sends what a data folder has queued, for the tests
 * of two pushers on one folder (test/faults/pushLock.test.ts). It signs in and
 * says "ready", then obeys its stdin, one command a line:
 *
 *   push N T  at the instant T (ms since the epoch: two pushers start together) asks for one
 *             sync, and says "pushed-N" with what it answered or why it was refused
 *   drain     asks for a sync again and again (whatever a sync answers: another pusher, a
 *             dropped line) until one finds nothing waiting, says "done" and ends; it gives up
 *             after a minute
 *
 * Usage: node <bundle of this file> DATA_DIR SERVER_URL EMAIL TOKEN
 */
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const why = (err: unknown) => (err instanceof Error ? `${(err as { code?: string }).code ?? ''} ${err.message}` : String(err))

async function main(): Promise<void> {
  const [dataDir, serverUrl, email, token] = process.argv.slice(2) as [string, string, string, string]
  const commands: string[][] = []
  let wake: (() => void) | null = null
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (l) => {
    commands.push(l.trim().split(' '))
    wake?.()
  })
  const nextCommand = async (): Promise<string[]> => {
    while (!commands.length) await new Promise<void>((resolve) => (wake = resolve))
    return commands.shift()!
  }
  const h = await coreHarness(dataDir, { requestTimeoutMs: 5000 })
  try {
    await h.call('session.signIn', { serverUrl, email, token })
    await h.call('profile.whoami')
    say({ phase: 'ready' })
    for (;;) {
      const [command, n, at] = await nextCommand()
      if (command === 'push') {
        while (Date.now() < Number(at));
        try {
          say({ phase: `pushed-${n}`, report: await h.call('sync.push') })
        } catch (err) {
          say({ phase: `pushed-${n}`, refused: why(err) })
        }
      } else if (command === 'drain') {
        const until = Date.now() + 60_000
        while (Date.now() < until) {
          try {
            const report = await h.call('sync.push')
            if (report.waiting === 0 && !report.failed && !report.conflicts) {
              say({ phase: 'done', report })
              return
            }
          } catch {
            // Another pusher, a dropped line: ask again.
          }
          await sleep(20)
        }
        say({ phase: 'stuck', entries: (await h.call('outbox.list')).slice(0, 5) })
        process.exitCode = 1
        return
      }
    }
  } finally {
    lines.close()
    await h.close()
  }
}

main().catch((err: unknown) => {
  say({ phase: 'error', error: String(err) })
  process.exitCode = 1
})
