import { spawn } from 'node:child_process'
import { join, parse } from 'node:path'
import { build } from 'vite'
import { modulePathPlugin } from './modulePathPlugin'
import { tempDir } from './tempDir'

/** What a child process says on stdout, one JSON line each: its phase and whatever goes with it. */
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
  readonly pid: number
  /** Resolves when the child reports the phase (true) or ends without reaching it (false). */
  reached(phase: string): Promise<boolean>
  /** Writes one line to the child's stdin. */
  tell(line: string): void
  kill(): void
  ended: Promise<ChildEnd>
}

const root = join(__dirname, '..', '..')
const alias = { '@shared': join(root, 'src-shared'), '@core': join(root, 'src-main', 'core'), '@sandbox': join(root, 'src-sandbox') }

/**
 * A child written in TypeScript (a file of test/support), bundled once with
 * Vite (the toolchain the tests run on) into plain CommonJS, its packages left
 * to node_modules. Resolves to the script to hand to startChild.
 */
export async function bundleChild(supportFile: string): Promise<string> {
  const outDir = tempDir('mostrador-child-')
  const name = `${parse(supportFile).name}.cjs`
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    resolve: { alias },
    // The spreadsheet reader's worker, bundled on its own as the app's build does.
    plugins: [modulePathPlugin(root, alias)],
    build: {
      ssr: join(root, 'test', 'support', supportFile),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: name } },
    },
  })
  return join(outDir, name)
}

/** Runs a bundled child with Node; its stdout is read as phases, its stdin is open for tell(). */
export function startChild(script: string, args: string[]): ChildRun {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
    stdio: ['pipe', 'pipe', 'pipe'],
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
  // A child that ended (killed) before it read its stdin must not fail the test with EPIPE.
  child.stdin.on('error', () => undefined)
  const ended = new Promise<ChildEnd>((resolve) => {
    child.on('close', (code, signal) => {
      for (const w of waiters) w.resolve(false)
      resolve({ code, signal, phases, stderr })
    })
  })
  return {
    pid: child.pid!,
    reached: (phase) =>
      phases.some((p) => p.phase === phase) ? Promise.resolve(true) : new Promise((resolve) => waiters.push({ phase, resolve })),
    tell: (line) => void child.stdin.write(`${line}\n`),
    kill: () => child.kill('SIGKILL'),
    ended,
  }
}
