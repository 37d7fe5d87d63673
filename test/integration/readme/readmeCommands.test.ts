import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/tempDir'

// The README's runnable commands, run exactly as a newcomer types them. The
// commands live in the README's ```sh blocks (```text blocks are synopses);
// each line is run through a shell from the repository's root, so a renamed
// build output or script breaks this test before it breaks a user.

const root = join(__dirname, '..', '..', '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

/** Every command line in the README's ```sh blocks, comments and prompts removed. */
function runnableCommands(markdown: string): string[] {
  const lines: string[] = []
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim()
      if (line && !line.startsWith('#')) lines.push(line)
    }
  }
  return lines
}

const commands = runnableCommands(readme)
const newcomerCommands = commands.filter((c) => /^npm run (serve|cli|sandbox)\b/.test(c))

const children: ChildProcess[] = []
afterEach(() => {
  // bash, npm and node form one process group: stop all of them, as Ctrl+C would.
  for (const child of children.splice(0)) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM')
})

/** Runs a README line in a shell with a private data folder; resolves with its output once `until` matches or it exits. */
function runAsTyped(command: string, until?: RegExp): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const home = tempDir('mostrador-readme-')
  const child = spawn('bash', ['-c', command], {
    cwd: root,
    env: {
      ...process.env,
      MOSTRADOR_DATA_DIR: join(home, 'data'),
      MOSTRADOR_LOG_DIR: join(home, 'logs'),
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`"${command}" did not answer in time.\nstdout: ${stdout}\nstderr: ${stderr}`)), 60_000)
    const done = (code: number | null) => {
      clearTimeout(timer)
      resolve({ stdout, stderr, code })
    }
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (until?.test(stdout)) done(null)
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => done(code))
  })
}

describe('the README of a fresh clone', () => {
  it('links only to files inside the repository', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t))
    expect(targets.length).toBeGreaterThan(0)
    for (const target of targets)
      expect(existsSync(join(root, target)), `README links to ${target}, which is not in the repository`).toBe(true)
    expect(readme).not.toMatch(/\.\.\/shared\//)
  })
})

describe('the commands a newcomer copies from the README', () => {
  it('lists serve, the CLI and the sandbox as runnable commands', () => {
    expect(newcomerCommands).toContain('npm run serve')
    expect(newcomerCommands).toContain('npm run cli -- --help')
    expect(newcomerCommands.some((c) => c.startsWith('npm run sandbox'))).toBe(true)
  })

  it('npm run serve prints an address that opens with its token and refuses without it', async () => {
    const run = await runAsTyped('npm run serve', /Open (http:\/\/\S+)/)
    const printed = /Open (http:\/\/\S+)/.exec(run.stdout)
    expect(printed, `serve printed no address:\n${run.stdout}\n${run.stderr}`).not.toBeNull()
    const url = new URL(printed![1]!)
    expect(url.hostname).toBe('127.0.0.1')

    const withToken = await fetch(url, { redirect: 'manual' })
    expect(withToken.status).toBe(302)
    const cookie = withToken.headers.get('set-cookie')!.split(';')[0]!
    const page = await fetch(new URL('/', url), { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="app"')

    const withoutToken = await fetch(new URL('/', url))
    expect(withoutToken.status).toBe(401)
  })

  it('npm run cli -- --help lists the commands', async () => {
    const run = await runAsTyped('npm run cli -- --help')
    expect(run.code, run.stderr).toBe(0)
    for (const command of ['login', 'sync', 'bookings', 'sandbox', 'serve', 'doctor', 'support-bundle']) {
      expect(run.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'))
    }
  })

  it.each(newcomerCommands.filter((c) => c.startsWith('npm run sandbox')))(
    '%s starts the demo service and names its users',
    async (command) => {
      const json = command.includes('--json')
      const run = await runAsTyped(command, json ? /^\{.*\}$/m : /Stop with Ctrl\+C/)
      if (json) {
        const line = JSON.parse(/^\{.*\}$/m.exec(run.stdout)![0]) as { url: string; users: { email: string; token: string }[] }
        expect(line.users.length).toBeGreaterThan(0)
        expect(line.users[0]!.email).toMatch(/@/)
        const ping = await fetch(new URL('/profile.json', line.url))
        expect(ping.status).toBe(401)
      } else {
        expect(run.stdout).toMatch(/Sandbox service at http:\/\/127\.0\.0\.1:\d+/)
        expect(run.stdout).toMatch(/@mostrador\.test/)
      }
    },
  )
})
