import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { arch, platform, release } from 'node:os'
import { join, relative } from 'node:path'
import { AppError } from '@shared/errors'
import { clockWarningMs } from '@shared/serviceClock'
import type { DoctorCheck, DoctorReport } from '@shared/support'
import { accountMigrations, entityMigrations } from '../cache/migrations'
import { damageInside, damageOfError, damageOnDisk, damageWords, type FileDamage } from '../cache/fileDamage'
import { setAsideFiles } from '../cache/setAside'
import type { Runner } from '@shared/domain'
import type { SecretStore } from '../secrets/secretStore'
import { readDatabase, readOutboxes, sqliteFilesUnder } from './cacheFiles'
import { check, reason, same, text } from './checkParts'
import { checkService } from './serviceReach'

export { checkService }

export interface DoctorDeps {
  dataDir: string
  secrets: SecretStore
  /** The service to reach: the signed-in one, the last one, or the one named on the command line. */
  serverUrl: string | null
  version: string
  runner: Runner
  now: () => Date
  timeoutMs?: number
  /** Above this difference with the service's clock the check warns (default 2 minutes). */
  skewWarnMs?: number
}

/** The keychain entry the round trip writes and removes; never a user's. */
export const keychainProbeAccount = 'mostrador-doctor-probe'

/** The schema versions this build writes: one per kind of cache file. */
export function schemaVersions(): { account: number; entity: number } {
  return { account: accountMigrations.length, entity: entityMigrations.length }
}

export function checkDataFolder(dataDir: string): DoctorCheck {
  const probe = join(dataDir, `.doctor-probe-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(probe, 'probe')
    if (readFileSync(probe, 'utf8') !== 'probe') throw new Error('the probe file read back differently')
    rmSync(probe)
    return check({
      id: 'dataFolder',
      level: 'ok',
      message: text('Carpeta de datos con permiso de escritura', 'Data folder writable'),
      detail: same(dataDir),
    })
  } catch (err) {
    try {
      rmSync(probe, { force: true })
    } catch {
      // The folder itself is unusable: nothing was left behind.
    }
    return check({
      id: 'dataFolder',
      level: 'error',
      message: text('No se puede escribir en la carpeta de datos', 'Data folder not writable'),
      detail: same(`${dataDir}: ${reason(err)}`),
    })
  }
}

/**
 * Each cache file looked at as the app looks at it when it opens one (cache/fileDamage.ts): emptied,
 * cut short, a bad header, or failing SQLite's quick check. Read-only, and from a copy where the folder
 * may not be written, so doctor changes nothing and works on a read-only data folder.
 */
export function checkCacheIntegrity(dataDir: string): DoctorCheck {
  const files = sqliteFilesUnder(dataDir)
  if (files.length === 0) {
    return check({
      id: 'cacheIntegrity',
      level: 'ok',
      message: text('Aún no hay caché en este equipo', 'No cache on this computer yet'),
      detail: null,
    })
  }
  const problems: { es: string; en: string }[] = []
  const versions: string[] = []
  for (const file of files) {
    const name = relative(dataDir, file)
    const found = fileDamage(file, (version) => versions.push(`${name} v${version}`))
    if (found) {
      const words = found.damage === 'unreadable' ? { es: 'no se puede leer', en: 'cannot be read' } : damageWords[found.damage]
      problems.push({ es: `${name}: ${words.es} (${found.detail})`, en: `${name}: ${words.en} (${found.detail})` })
    }
  }
  if (problems.length > 0) {
    return check({
      id: 'cacheIntegrity',
      level: 'error',
      message: text(
        `Caché dañada (${problems.length} de ${files.length} archivos): ${problems.map((p) => p.es).join('; ')}. Al abrirla, la aplicación la guarda aparte y recupera las reservas sin enviar`,
        `Cache damaged (${problems.length} of ${files.length} files): ${problems.map((p) => p.en).join('; ')}. When it opens it, the app sets it aside and recovers the unsent bookings`,
      ),
      detail: text(problems.map((p) => p.es).join('\n'), problems.map((p) => p.en).join('\n')),
    })
  }
  return check({
    id: 'cacheIntegrity',
    level: 'ok',
    message: text(`Caché íntegra (${files.length} archivos)`, `Cache intact (${files.length} files)`),
    detail: same(versions.join(', ')),
  })
}

/** What is wrong with one file, or null; `version` hears the schema of a sound one. */
function fileDamage(file: string, version: (v: number) => void): { damage: FileDamage | 'unreadable'; detail: string } | null {
  try {
    const onDisk = damageOnDisk(file)
    if (onDisk) return onDisk
    return readDatabase(file, (db) => {
      const inside = damageInside(db)
      if (!inside) version(db.pragma('user_version', { simple: true }) as number)
      return inside
    })
  } catch (err) {
    return damageOfError(err) ?? { damage: 'unreadable', detail: reason(err) }
  }
}

/** Damaged files the app set aside (kept whole for support and a later recovery): each named until someone removes it. */
export function checkSetAside(dataDir: string): DoctorCheck {
  const kept = setAsideFiles(dataDir)
  if (kept.length === 0) {
    return check({
      id: 'setAside',
      level: 'ok',
      message: text('Ningún archivo dañado guardado aparte', 'No damaged file set aside'),
      detail: null,
    })
  }
  const names = kept.map((f) => `${f.file} (${f.bytes} bytes)`).join(', ')
  return check({
    id: 'setAside',
    level: 'error',
    message: text(
      `Archivos dañados guardados aparte: ${kept.length}. Envíelos a soporte con el paquete de soporte (marque «incluir archivos dañados») y luego bórrelos: ${names}`,
      `Damaged files set aside: ${kept.length}. Send them to support with the support bundle (tick "include the damaged files"), then delete them: ${names}`,
    ),
    detail: same(kept.map((f) => f.file).join('\n')),
  })
}

export async function checkKeychain(secrets: SecretStore): Promise<DoctorCheck> {
  if (secrets.kind === 'memory') {
    return check({
      id: 'keychain',
      level: 'info',
      message: text(
        'Esta ejecución guarda las credenciales solo en memoria (variables de entorno o pruebas); no se usó el llavero del sistema',
        'This run keeps credentials in memory only (environment variables or tests); the system keychain was not used',
      ),
      detail: null,
    })
  }
  // A random value, compared and deleted; it is never printed.
  const value = randomBytes(16).toString('hex')
  try {
    await secrets.set(keychainProbeAccount, value)
    const back = await secrets.get(keychainProbeAccount)
    await secrets.delete(keychainProbeAccount)
    if (back !== value) throw new AppError('keychain_unavailable', { detail: 'the keychain did not give back what was written' })
    return check({
      id: 'keychain',
      level: 'ok',
      message: text('Llavero del sistema disponible', 'System keychain reachable'),
      detail: null,
    })
  } catch (err) {
    return check({
      id: 'keychain',
      level: 'error',
      message: text(
        'El llavero del sistema no está disponible: no se puede guardar el token de forma segura',
        'The system keychain is unavailable: the token cannot be stored safely',
      ),
      detail: same(reason(err)),
    })
  }
}

export function checkOutbox(dataDir: string): DoctorCheck {
  const outboxes = readOutboxes(dataDir)
  let failed = 0
  let conflicts = 0
  const lines = outboxes.map((o) => {
    const count = (states: string[]) => o.rows.filter((r) => states.includes(r.state)).length
    const c = {
      waiting: count(['queued', 'sending', 'unknown']),
      failed: count(['failed']),
      conflicts: count(['conflict', 'held']),
      confirmed: count(['done']),
    }
    failed += c.failed
    conflicts += c.conflicts
    return text(
      `${o.file}: ${c.waiting} en espera, ${c.failed} rechazados, ${c.conflicts} en conflicto, ${c.confirmed} confirmados`,
      `${o.file}: ${c.waiting} waiting, ${c.failed} failed, ${c.conflicts} conflicts, ${c.confirmed} confirmed`,
    )
  })
  const waiting = outboxes.flatMap((o) => o.rows).filter((r) => ['queued', 'sending', 'unknown'].includes(r.state)).length
  const level = failed + conflicts > 0 ? 'warn' : 'ok'
  return check({
    id: 'outbox',
    level,
    message: text(
      `Pendientes de envío: ${waiting} en espera, ${failed} rechazados, ${conflicts} en conflicto`,
      `Outbox: ${waiting} waiting, ${failed} failed, ${conflicts} conflicts`,
    ),
    detail: lines.length > 0 ? text(lines.map((l) => l.es).join('\n'), lines.map((l) => l.en).join('\n')) : null,
  })
}

export function versionInfo(version: string): {
  app: string
  node: string
  electron: string | null
  schema: { account: number; entity: number }
} {
  return { app: version, node: process.versions.node, electron: process.versions.electron ?? null, schema: schemaVersions() }
}

/** Runs every check; none throws, each failure becomes a line. */
export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const v = versionInfo(deps.version)
  const safe = (id: DoctorCheck['id'], fn: () => DoctorCheck): DoctorCheck => {
    try {
      return fn()
    } catch (err) {
      return check({ id, level: 'error', message: text('La comprobación falló', 'The check failed'), detail: same(reason(err)) })
    }
  }
  const checks: DoctorCheck[] = [
    safe('dataFolder', () => checkDataFolder(deps.dataDir)),
    safe('cacheIntegrity', () => checkCacheIntegrity(deps.dataDir)),
    await checkKeychain(deps.secrets),
    ...(await checkService(deps.serverUrl, deps.now, deps.timeoutMs ?? 5000, deps.skewWarnMs ?? clockWarningMs)),
    safe('outbox', () => checkOutbox(deps.dataDir)),
    safe('setAside', () => checkSetAside(deps.dataDir)),
    check({
      id: 'versions',
      level: 'info',
      message: text(
        `Mostrador ${v.app}, esquema de caché ${v.schema.entity} (cuenta ${v.schema.account})`,
        `Mostrador ${v.app}, cache schema ${v.schema.entity} (account ${v.schema.account})`,
      ),
      detail: same(`node ${v.node}${v.electron ? `, electron ${v.electron}` : ''}`),
    }),
    check({ id: 'runner', level: 'info', message: text(`Ejecutado por: ${deps.runner}`, `Runner: ${deps.runner}`), detail: null }),
    check({
      id: 'platform',
      level: 'info',
      message: text(`Sistema: ${platform()} ${arch()}`, `Platform: ${platform()} ${arch()}`),
      detail: same(`${platform()} ${release()}`),
    }),
  ]
  return { ok: checks.every((c) => c.ok), checkedAt: deps.now().toISOString(), checks }
}

/**
 * Doctor when the core itself could not start on this data folder (a read-only folder, a file it may not
 * open): the same checks that need no session, and a first line saying why the app cannot start here.
 */
export async function runDoctorWithoutCore(deps: DoctorDeps, startError: unknown): Promise<DoctorReport> {
  const report = await runDoctor(deps)
  const cannotStart = check({
    id: 'dataFolder',
    level: 'error',
    message: text(
      'Mostrador no puede abrir sus datos en esta carpeta; revise sus permisos y el espacio libre del disco',
      'Mostrador cannot open its data in this folder; check its permissions and the free space on the disk',
    ),
    detail: same(reason(startError)),
  })
  return { ...report, ok: false, checks: [cannotStart, ...report.checks] }
}

/** The plain text form: one line per check, for the CLI and the support bundle. */
export function doctorText(report: DoctorReport, language: 'es' | 'en' = 'en'): string {
  const mark = { ok: '✔', info: '•', warn: '!', error: '✖' } as const
  return report.checks
    .map((c) => {
      const head = `${mark[c.level]} ${c.message[language]}`
      return c.level === 'error' && c.detail ? `${head} (${c.detail[language].replace(/\n/g, '; ')})` : head
    })
    .join('\n')
}
