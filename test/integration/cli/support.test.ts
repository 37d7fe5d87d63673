import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { DoctorReport, ServiceCheckReport } from '@shared/support'
import { cli } from '../../support/cliRun'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let stoppedUrl: string
beforeAll(async () => {
  sandbox = await startSandbox()
  // A service that was there and is gone: nothing listens on its port any more.
  const gone = await startSandbox()
  stoppedUrl = gone.url
  await gone.close()
})
afterAll(() => sandbox.close())

const asUser = (extra: Record<string, string> = {}) => ({
  MOSTRADOR_EMAIL: sandbox.users[0]!.email,
  MOSTRADOR_TOKEN: sandbox.users[0]!.token,
  ...extra,
})

describe('mostrador doctor', () => {
  it('against the running sandbox: every check passes, exit 0, one ✔ line per passing check', async () => {
    const dir = tempDir()
    expect((await cli(['--server', sandbox.url, 'sync'], asUser(), dir)).code).toBe(0)
    const json = await cli(['--server', sandbox.url, '--json', 'doctor'], asUser(), dir)
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout) as DoctorReport
    expect(report.ok).toBe(true)
    expect(report.checks.filter((c) => !c.ok)).toEqual([])
    const ids = report.checks.map((c) => c.id)
    for (const id of ['dataFolder', 'cacheIntegrity', 'keychain', 'service', 'clock', 'outbox', 'versions', 'runner', 'platform'])
      expect(ids).toContain(id)
    expect(report.checks.find((c) => c.id === 'service')!.level).toBe('ok')
    expect(report.checks.find((c) => c.id === 'clock')!.level).toBe('ok')
    // The sync wrote caches: the quick check read them.
    expect(report.checks.find((c) => c.id === 'cacheIntegrity')!.message.en).toMatch(/Cache intact \([1-9]\d* files\)/)
    for (const c of report.checks) expect(c.message.es.length).toBeGreaterThan(0)

    const text = await cli(['--server', sandbox.url, 'doctor'], asUser(), dir)
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^✔ Data folder writable$/m)
    expect(text.stdout).toMatch(new RegExp(`^✔ Service reachable: ${sandbox.url.replace(/[.]/g, '\\.')}`, 'm'))
    expect(text.stdout).not.toContain('✖')
  })

  it('against a stopped service: a clear "service unreachable" line and exit 1', async () => {
    const res = await cli(['--server', stoppedUrl, 'doctor'], asUser())
    expect(res.code).toBe(1)
    expect(res.stdout).toMatch(new RegExp(`^✖ Service unreachable: ${stoppedUrl.replace(/[.]/g, '\\.')}.*ECONNREFUSED`, 'm'))
    // The other checks still ran.
    expect(res.stdout).toMatch(/^✔ Data folder writable$/m)

    const json = await cli(['--server', stoppedUrl, '--json', 'doctor'], asUser())
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as DoctorReport
    expect(report.ok).toBe(false)
    expect(report.checks.find((c) => c.id === 'service')).toMatchObject({ ok: false, level: 'error' })
  })
})

describe('mostrador support-bundle', () => {
  const dir = tempDir()
  const logDir = tempDir()
  const out = tempDir()
  const token = () => sandbox.users[0]!.token
  let jwt = ''
  const reference = 'REF-CONFIDENCIAL-4711'

  beforeAll(async () => {
    const env = asUser()
    const as = (args: string[]) => cli(['--server', sandbox.url, ...args], env, dir)
    expect((await as(['sync'])).code).toBe(0)
    const who = JSON.parse((await as(['--json', 'whoami'])).stdout)
    const q = JSON.parse(
      (
        await as([
          '--json',
          'graphql',
          'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } agencies { id } }',
          '--variables',
          JSON.stringify({ a: who.agency.id }),
        ])
      ).stdout,
    ).data
    const to = q.agencies.find((a: { id: number }) => a.id !== who.agency.id).id
    // One booking sent and one left waiting, so the outbox has both kinds of entries.
    expect(
      (await as(['bookings', 'create', '--to', String(to), '--line', `${q.lot_stocks[0].lot.item_id}:1`, '--reference', 'SENT-1'])).code,
    ).toBe(0)
    expect((await as(['sync'])).code).toBe(0)
    expect(
      (await as(['bookings', 'create', '--to', String(to), '--line', `${q.lot_stocks[0].lot.item_id}:1`, '--reference', reference])).code,
    ).toBe(0)

    // What a careless logger might have written: the token bare, in a header, and the session's JWT.
    const res = await fetch(`${sandbox.url}/apps/graphql.json`, {
      headers: { 'X-User-Email': sandbox.users[0]!.email, 'X-User-Token': token(), Accept: 'application/json' },
    })
    jwt = ((await res.json()) as { token: string }).token
    expect(jwt).toMatch(/^eyJ/)
    mkdirSync(logDir, { recursive: true })
    writeFileSync(
      join(logDir, 'mostrador.1.log'),
      [
        '{"level":30,"msg":"started"}',
        `{"level":30,"msg":"signed in","token":"${token()}"}`,
        `{"level":20,"headers":{"X-User-Token":"${token()}","x-user-email":"a@b"}}`,
        `{"level":20,"msg":"graphql","authorization":"Bearer ${jwt}"}`,
        'GET /profile.json X-User-Token: not-the-session-token-123',
      ].join('\n'),
    )
  })

  function unzip(file: string): Record<string, string> {
    return Object.fromEntries(Object.entries(unzipSync(readFileSync(file))).map(([name, bytes]) => [name, strFromU8(bytes)]))
  }

  it('contains the manifest, doctor output, versions, outbox metadata and the logs, and no token or JWT anywhere', async () => {
    const file = join(out, 'support.zip')
    const res = await cli(['--server', sandbox.url, 'support-bundle', file], asUser({ MOSTRADOR_LOG_DIR: logDir }), dir)
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(file)
    const entries = unzip(file)
    const names = Object.keys(entries)
    for (const name of [
      'manifest.json',
      'doctor.json',
      'doctor.txt',
      'versions.json',
      'settings.json',
      'outbox.json',
      'logs/mostrador.1.log',
    ])
      expect(names).toContain(name)

    for (const [name, content] of Object.entries(entries)) {
      expect(content, name).not.toContain(token())
      expect(content, name).not.toContain(jwt)
      expect(content, name).not.toContain('not-the-session-token-123')
      expect(content, name).not.toMatch(/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\./)
    }
    expect(entries['logs/mostrador.1.log']).toContain('"msg":"started"')
    expect(entries['logs/mostrador.1.log']).toContain('[redacted]')

    const manifest = JSON.parse(entries['manifest.json']!) as { includeData: boolean; files: { name: string }[] }
    expect(manifest.includeData).toBe(false)
    expect(manifest.files.map((f) => f.name).sort()).toEqual(names.filter((n) => n !== 'manifest.json').sort())
    expect((JSON.parse(entries['doctor.json']!) as DoctorReport).checks.length).toBeGreaterThan(5)
    expect(entries['doctor.txt']).toMatch(/^✔ Data folder writable$/m)

    const outbox = JSON.parse(entries['outbox.json']!) as { file: string; entries: Record<string, unknown>[] }[]
    const rows = outbox.flatMap((o) => o.entries)
    expect(rows.map((r) => r.state).sort()).toEqual(['done', 'queued'])
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['attempts', 'createdAt', 'errorCode', 'nextAttemptAt', 'op', 'sentAt', 'seq', 'state'])
    }
    // No booking payload: the reference the clerk typed is nowhere.
    for (const [name, content] of Object.entries(entries)) expect(content, name).not.toContain(reference)
  })

  it('adds the business data only with --include-data', async () => {
    const file = join(out, 'with-data.zip')
    const res = await cli(
      ['--server', sandbox.url, '--json', 'support-bundle', file, '--include-data'],
      asUser({ MOSTRADOR_LOG_DIR: logDir }),
      dir,
    )
    expect(res.code).toBe(0)
    const entries = unzip(file)
    expect(JSON.parse(entries['manifest.json']!).includeData).toBe(true)
    expect(entries['data/business-data.json']).toContain(reference)
    for (const [name, content] of Object.entries(entries)) {
      expect(content, name).not.toContain(token())
      expect(content, name).not.toContain(jwt)
    }
  })
})

describe('mostrador doctor --service', () => {
  const refuse = (fields: string[]) =>
    fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ graphql_refused_root_fields: fields }),
    })

  it('lists the GraphQL reads, REST paths and extensions the server offers; exit 0, and the same as data with --json', async () => {
    const text = await cli(['--server', sandbox.url, 'doctor', '--service'], asUser())
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/^✔ tables\.rows \(webapp_rows\)$/m)
    expect(text.stdout).toMatch(/^✔ HEAD \/apps\/webapp_tables\.json \(HTTP 200\)$/m)
    expect(text.stdout).toMatch(/^✔ bundleTags: present$/m)
    expect(text.stdout.trim().split('\n').at(-1)).toMatch(/^The server offers everything the app needs/)
    const json = await cli(['--server', sandbox.url, '--json', 'doctor', '--service'], asUser())
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout) as ServiceCheckReport
    expect(report.ok).toBe(true)
    expect(report.graphql.length).toBeGreaterThan(5)
  })

  it('names a refused part and what stops working; exit 1', async () => {
    await refuse(['employees'])
    try {
      const res = await cli(['--server', sandbox.url, 'doctor', '--service'], asUser())
      expect(res.code).toBe(1)
      expect(res.stdout).toMatch(
        /^✖ profile\.userEmployee \(employees\): refused: .*employees.*\n {4}→ The user's agency is unknown: the counter has no origin\.$/m,
      )
      expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^The server refuses 1 part the app needs/)
    } finally {
      await refuse([])
    }
  })

  it('needs a signed-in account', async () => {
    const res = await cli(['--server', sandbox.url, 'doctor', '--service'])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toMatch(/sign/i)
  })
})
