import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build } from 'vite'
import { tempDir } from './tempDir'

const root = join(__dirname, '..', '..')

/**
 * A test's child process is TypeScript: bundled once with Vite (the toolchain the tests run on) into
 * plain CommonJS, its packages left to node_modules. Call from a hook (it makes a temporary folder).
 */
export async function bundleTestChild(file: string): Promise<string> {
  const outDir = tempDir('mostrador-child-')
  const name = file.replace(/^.*\//, '').replace(/\.ts$/, '.cjs')
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      ssr: join(root, file),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: name } },
    },
  })
  return join(outDir, name)
}

/** One line a child reports on stdout (JSON), e.g. `{"phase": "pushing"}`. */
export interface Phase {
  phase: string
  [k: string]: unknown
}

export interface ChildEnd {
  code: number | null
  signal: NodeJS.Signals | null
  phases: Phase[]
  stderr: string
}

export interface ChildRun {
  /** Resolves when the child reports the phase (true) or ends without reaching it (false). */
  reached(phase: string): Promise<boolean>
  kill(): void
  ended: Promise<ChildEnd>
}

/** Starts a bundled child with its arguments; it reports its phases as JSON lines on stdout. */
export function startChild(script: string, args: string[]): ChildRun {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const phases: Phase[] = []
  const waiters: { phase: string; resolve: (seen: boolean) => void }[] = []
  let buffered = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString()
    let nl: number
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, nl)) as Phase
      buffered = buffered.slice(nl + 1)
      phases.push(line)
      for (const w of waiters.filter((x) => x.phase === line.phase)) w.resolve(true)
    }
  })
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const ended = new Promise<ChildEnd>((resolve) => {
    child.on('close', (code, signal) => {
      for (const w of waiters) w.resolve(false)
      resolve({ code, signal, phases, stderr })
    })
  })
  return {
    reached: (phase) =>
      phases.some((p) => p.phase === phase) ? Promise.resolve(true) : new Promise((resolve) => waiters.push({ phase, resolve })),
    kill: () => child.kill('SIGKILL'),
    ended,
  }
}
