import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { root } from './benchSandbox'

export interface NodeRun {
  stdout: string
  stderr: string
  ms: number
}

/** Runs Node on `args` in a process of its own (its memory is its own): what it printed and how long it took. */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve({ stdout, stderr, ms: performance.now() - start }) : reject(new Error(`exit ${code}: ${stderr}`)),
    )
  })
}

/** The peak resident memory (MB) and processor time (s) that reportRss.cjs printed for a run it was preloaded into. */
export function reportedUsage(run: NodeRun): { rssMb: number; cpuS: number } {
  const rss = /@@rss (\d+)/.exec(run.stderr)
  const cpu = /@@cpu (\d+)/.exec(run.stderr)
  if (!rss || !cpu) throw new Error('the run did not report its usage (reportRss.cjs not preloaded?)')
  return { rssMb: Number(rss[1]) / 1024, cpuS: Number(cpu[1]) / 1e6 }
}
