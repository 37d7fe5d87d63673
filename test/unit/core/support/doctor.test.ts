import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { openSqlite } from '@base/sqlite'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import type { SecretStore } from '@core/secrets/secretStore'
import { checkCacheIntegrity, checkDataFolder, checkKeychain, checkService, doctorText, runDoctor } from '@core/support/doctor'
import { tempDir } from '../../../support/tempDir'
import { closeServer, listenOnLoopback } from '../../../support/loopbackServer'

let server: Server
let url = ''
beforeAll(async () => {
  // The service answers at its address; any other path is not found.
  server = createServer((req, res) => res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'application/json' }).end('{}'))
  url = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))

describe('doctor checks', () => {
  it('a data folder that cannot be created fails with its path', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'file'), 'x')
    const result = checkDataFolder(join(dir, 'file', 'data'))
    expect(result).toMatchObject({ id: 'dataFolder', ok: false, level: 'error' })
    expect(result.detail?.es).toContain(join(dir, 'file', 'data'))
  })

  it('a damaged cache file fails the integrity check and is named', () => {
    const dir = tempDir()
    const db = openSqlite(join(dir, 'entity-1.sqlite'))
    db.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a')")
    db.close()
    expect(checkCacheIntegrity(dir)).toMatchObject({ ok: true, level: 'ok' })
    writeFileSync(join(dir, 'entity-2.sqlite'), 'this is not a database at all, just text long enough to be read')
    const result = checkCacheIntegrity(dir)
    expect(result).toMatchObject({ ok: false, level: 'error' })
    expect(result.detail?.es).toContain('entity-2.sqlite')
    expect(result.detail?.es).not.toContain('entity-1.sqlite')
  })

  it('an unavailable keychain is said clearly, and the probe value is never shown', async () => {
    const broken: SecretStore = {
      kind: 'os-keychain',
      get: () => Promise.reject(new AppError('keychain_unavailable', { detail: "Couldn't access platform storage" })),
      set: () => Promise.reject(new AppError('keychain_unavailable', { detail: "Couldn't access platform storage" })),
      delete: () => Promise.resolve(),
    }
    const result = await checkKeychain(broken)
    expect(result).toMatchObject({ ok: false, level: 'error', detail: { en: "Couldn't access platform storage" } })
    expect(result.message.en).toMatch(/keychain is unavailable/)
    expect(result.message.es).toMatch(/llavero del sistema no está disponible/)
  })

  it('a working keychain passes and keeps no probe entry behind', async () => {
    const store = new MemorySecretStore()
    Object.defineProperty(store, 'kind', { value: 'os-keychain' })
    expect(await checkKeychain(store)).toMatchObject({ ok: true, level: 'ok' })
    expect(await store.get('mostrador-doctor-probe')).toBeNull()
  })

  it('warns when this computer is more than two minutes off the service clock, and passes within it', async () => {
    const ahead = () => new Date(Date.now() + 5 * 60_000)
    const [service, clock] = await checkService(url, ahead, 2000, 120_000)
    expect(service).toMatchObject({ id: 'service', ok: true, level: 'ok' })
    expect(clock).toMatchObject({ id: 'clock', ok: true, level: 'warn' })
    // Five minutes, as the service's whole-second Date header and half the round trip let it be measured (a slow
    // CI machine once read 299 s).
    const off = Number(/offset (-?\d+) s/.exec(clock!.detail?.en ?? '')?.[1])
    // The detail in the clerk's language too.
    expect(clock!.detail?.es).toMatch(/^diferencia -?\d+ s \(hora del servicio menos la de este equipo\)/)
    expect(Math.abs(off + 300)).toBeLessThanOrEqual(5)
    // Said in minutes, and which way: behind the service means this computer is fast.
    expect(clock!.message.en).toMatch(/clock is 5 min fast against the service's/)
    expect(clock!.message.es).toMatch(/va 5 min adelantado/)
    // Both clocks as this computer's clock face shows time, never as a UTC instant ("2026-11-28T14:50:03.000Z").
    const face = String.raw`\d\d/\d\d/\d{4} \d\d:\d\d:\d\d`
    expect(clock!.message.es).toMatch(new RegExp(`\\(hora del servicio: ${face}\\)`))
    expect(clock!.detail?.es).toMatch(new RegExp(`servicio ${face}, este equipo ${face}$`))
    expect(`${clock!.message.en} ${clock!.detail?.en}`).not.toMatch(/\d{4}-\d\d-\d\dT/)
    const [, inStep] = await checkService(url, () => new Date(), 2000, 120_000)
    expect(inStep).toMatchObject({ level: 'ok' })
  })

  it('an address that answers "not found" is not the service: a failure, not "reachable"', async () => {
    const [service] = await checkService(`${url}/not-the-service`, () => new Date(), 2000, 120_000)
    expect(service).toMatchObject({ id: 'service', ok: false, level: 'error', detail: { es: 'HTTP 404', en: 'HTTP 404' } })
    expect(service!.message.es).toMatch(/^La dirección responde, pero no es la del servicio \(HTTP 404\)/)
    expect(service!.message.en).toMatch(/^The address answers, but it is not the service \(HTTP 404\)/)
  })

  it('a report with one failure is not ok, and its text marks it ✖', async () => {
    const dir = tempDir()
    const report = await runDoctor({
      dataDir: dir,
      secrets: new MemorySecretStore(),
      serverUrl: 'http://127.0.0.1:9',
      version: '1.2.3',
      runner: 'cli',
      now: () => new Date(),
    })
    expect(report.ok).toBe(false)
    expect(report.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(['service'])
    expect(doctorText(report)).toMatch(/^✖ Service unreachable: http:\/\/127\.0\.0\.1:9/m)
    expect(doctorText(report, 'es')).toMatch(/^✖ Servicio inaccesible/m)
  })
})
