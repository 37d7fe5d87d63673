import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src-main/cli/program'
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

/** Runs the CLI in this process, capturing what it prints. */
async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true))
  try {
    const code = await runCli(['--data-dir', tempDir(), ...args], { ...env })
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
    process.exitCode = undefined
  }
}

const asUser = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })

describe('the mostrador command', () => {
  it('whoami --json prints one JSON document with numbers for ids', async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'whoami'], asUser())
    expect(res.code).toBe(0)
    const who = JSON.parse(res.stdout)
    expect(who.profile.email).toBe(sandbox.users[0]!.email)
    expect(typeof who.profile.id).toBe('number')
    expect(who.memberships.length).toBeGreaterThanOrEqual(2)
  })

  it('entity use switches the current entity', async () => {
    const who = JSON.parse((await cli(['--server', sandbox.url, '--json', 'whoami'], asUser())).stdout)
    const other = who.memberships.find((m: { current: boolean }) => !m.current)
    const res = await cli(['--server', sandbox.url, '--json', 'entity', 'use', String(other.entity.id)], asUser())
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).currentEntity.id).toBe(other.entity.id)
    await cli(['--server', sandbox.url, 'entity', 'use', String(who.currentEntity.id)], asUser())
  })

  it('graphql runs a query', async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'graphql', 'query($n: Int!) { items(limit: $n) { id code } }', '--variables', '{"n": 2}'], asUser())
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).data.items).toHaveLength(2)
  })

  it('a wrong token exits 1 with the error as JSON', async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'whoami'], { MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: 'nope' })
    expect(res.code).toBe(1)
    expect(JSON.parse(res.stdout)).toMatchObject({ error: { code: 'unauthorized', message: expect.any(String) } })
  })

  it('signed out, it says how to sign in', async () => {
    const res = await cli(['whoami'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/sign in|login/i)
  })

  it('an unknown command or a bad argument exits 2', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2)
    expect((await cli(['entity', 'use', 'abc'], asUser())).code).toBe(2)
    expect((await cli(['graphql', '{ x }', '--variables', '{bad'], asUser())).code).toBe(2)
    expect((await cli(['login', '--email', 'a@b.co'])).code).toBe(2)
  })

  it('bad --variables JSON is reported as a usage error in --json mode too', async () => {
    const res = await cli(['--json', 'graphql', '{ x }', '--variables', '{bad'], asUser())
    expect(res.code).toBe(2)
    expect(JSON.parse(res.stdout)).toMatchObject({ error: { code: 'usage' } })
  })
})

describe('mostrador sandbox', () => {
  it('prints its address and the demo users as one JSON line, serves them, and stops on Ctrl+C', async () => {
    let stdout = ''
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
    try {
      const running = runCli(['--json', 'sandbox', '--port', '0'], {})
      while (!stdout.includes('\n')) await new Promise((r) => setTimeout(r, 20))
      expect(stdout.trim().split('\n')).toHaveLength(1)
      const { url, users } = JSON.parse(stdout) as { url: string; users: { email: string; token: string }[] }
      const res = await fetch(`${url}/profile.json`, {
        headers: { 'X-User-Email': users[0]!.email, 'X-User-Token': users[0]!.token, Accept: 'application/json' },
      })
      expect(res.status).toBe(200)
      process.emit('SIGINT')
      expect(await running).toBe(0)
      await expect(fetch(`${url}/profile.json`)).rejects.toThrow()
    } finally {
      out.mockRestore()
    }
  })
})
