import { spawn, type ChildProcess } from 'node:child_process'
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
  stop(): void
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
  const processorMs = () => {
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${sandbox.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  }
  return { url: started.url, user: started.users[0]!, dir, processorMs, stop: () => sandbox.kill('SIGTERM') }
}
