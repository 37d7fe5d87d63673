import { appendFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { tryLock } from '@core/processLock'

/**
 * A process that takes a process lock (core/processLock.ts), for the tests that race it or wait for it
 * (test/faults/pushLock.test.ts, pullLock.test.ts, settingsTwoProcesses.test.ts).
 *
 *   race LOCK LOG ROUNDS  waits for "go" on stdin, then ROUNDS times: takes the lock (trying again
 *                         until it has it), appends "enter PID" to LOG, holds it a moment, appends
 *                         "leave PID", lets go. Two holders at once show as overlapping lines.
 *   hold LOCK             takes the lock, says so, and keeps it until "release" comes on stdin
 *                         (or it is killed).
 *
 * It reports its phases on stdout, one JSON line each.
 */
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const lines = createInterface({ input: process.stdin })
const waiting = new Map<string, () => void>()
lines.on('line', (line) => waiting.get(line.trim())?.())
const heard = (word: string) => new Promise<void>((resolve) => waiting.set(word, resolve))

async function take(lock: string): Promise<() => void> {
  for (;;) {
    const release = tryLock(lock)
    if (release) return release
    await sleep(Math.random() * 2)
  }
}

/** Keeps the event loop busy for a moment, so that a second holder would write its line in between. */
function holdFor(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until);
}

async function race(lock: string, log: string, rounds: number): Promise<void> {
  say({ phase: 'ready' })
  await heard('go')
  for (let i = 0; i < rounds; i++) {
    const release = await take(lock)
    appendFileSync(log, `enter ${process.pid}\n`)
    holdFor(1)
    await sleep(0)
    appendFileSync(log, `leave ${process.pid}\n`)
    release()
  }
  say({ phase: 'done' })
}

async function hold(lock: string): Promise<void> {
  const release = await take(lock)
  say({ phase: 'held' })
  await heard('release')
  release()
  say({ phase: 'released' })
}

async function main(): Promise<void> {
  const [mode, lock, log, rounds] = process.argv.slice(2)
  if (mode === 'race') await race(lock!, log!, Number(rounds))
  else if (mode === 'hold') await hold(lock!)
  else throw new Error(`unknown mode ${mode}`)
  lines.close()
}

main().catch((err: unknown) => {
  say({ phase: 'error', error: String(err) })
  process.exitCode = 1
})
