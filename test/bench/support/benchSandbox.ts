import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../../support/tempDir'
import type { SandboxScale } from '@sandbox'

export const root = join(__dirname, '..', '..', '..')
export const cli = join(root, 'out', 'main', 'cli.js')

export interface BenchSandbox {
  url: string
  user: { email: string; token: string }
  /** The sandbox's own folder: its store is `<dir>/sandbox.sqlite`. */
  dir: string
  /** The processor time its process has used so far, ms (Linux: /proc). */
  processorMs(): number
  /**
   * From now on its threads run only when no other thread of this computer wants a processor (Linux SCHED_IDLE, by
   * util-linux's `chrt`). Not a service on another computer: it still keeps a processor busy (replayingService.ts is
   * nearer). Not undone (unprivileged, it cannot).
   */
  yieldToAll(): void
  stop(): void
}

/** The processor time a process has used so far, ms (Linux: /proc). */
export function processorMsOf(pid: number): number {
  // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A sandbox in a process of its own (the built CLI), so its work and memory are not the client's. */
export async function startBenchSandbox(scale: SandboxScale): Promise<BenchSandbox> {
  const dir = tempDir('mostrador-bench-sandbox-')
  const sandbox: ChildProcess = spawn(process.execPath, [cli, '--json', '--data-dir', dir, 'sandbox', '--scale', scale], { cwd: root })
  const first = await new Promise<string>((resolve, reject) => {
    let out = ''
    sandbox.stdout!.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0]!)
    })
    sandbox.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)))
  })
  const started = JSON.parse(first) as { url: string; users: { email: string; token: string }[] }
  const processorMs = () => processorMsOf(sandbox.pid!)
  const yieldToAll = () => execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(sandbox.pid)])
  return { url: started.url, user: started.users[0]!, dir, processorMs, yieldToAll, stop: () => sandbox.kill('SIGTERM') }
}
