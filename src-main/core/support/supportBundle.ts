import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { AppError } from '@shared/errors'
import { fileStamp } from '@shared/localDate'
import { setAsideFiles } from '../cache/setAside'
import { readOutboxes } from './cacheFiles'
import { doctorText, runDoctor, versionInfo, type DoctorDeps } from './doctor'
import { scrubSecrets, secretsLeft } from './scrub'

export interface SupportBundleDeps extends DoctorDeps {
  /** Folder of the rotating log files; absent or missing means no logs yet. */
  logDir: string | null
  /** settings.json as the core keeps it (it holds no token by design; scrubbed all the same). */
  settings: unknown
  /** The secrets this session holds (token, JWT): searched for and cut out of every file. */
  knownSecrets: () => string[]
  includeData: boolean
  /** The damaged cache files the app set aside, whole (they hold the shop's data: only when the user ticks it). */
  includeSetAside?: boolean
  /** The profile's time zone: the file is named by the clerk's clock. */
  timeZone: string | null
}

/** Set-aside files go in whole up to this total; larger ones are named in the manifest, to be copied by hand. */
const MAX_SET_ASIDE_BYTES = 40 * 1024 * 1024

/** The set-aside files that fit, read whole, and those left out. */
function setAsideEntries(dataDir: string): { files: { name: string; bytes: Uint8Array }[]; leftOut: string[] } {
  const files: { name: string; bytes: Uint8Array }[] = []
  const leftOut: string[] = []
  let total = 0
  for (const f of setAsideFiles(dataDir).sort((a, b) => a.bytes - b.bytes)) {
    if (total + f.bytes > MAX_SET_ASIDE_BYTES) {
      leftOut.push(f.file)
      continue
    }
    total += f.bytes
    files.push({ name: `set-aside/${f.file.replace(/\\/g, '/')}`, bytes: readFileSync(f.path) })
  }
  return { files, leftOut }
}

/** Only the newest part of a big log goes in, and only the newest logs up to a total, so a bundle stays small enough to e-mail (and under the contract's file cap). */
const MAX_LOG_BYTES = 2 * 1024 * 1024
const MAX_LOGS_TOTAL = 12 * 1024 * 1024

function logFiles(logDir: string | null): { name: string; content: string }[] {
  if (!logDir || !existsSync(logDir)) return []
  const newestFirst = readdirSync(logDir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ name: e.name, path: join(logDir, e.name), mtime: statSync(join(logDir, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  const kept: { name: string; content: string }[] = []
  let total = 0
  for (const file of newestFirst) {
    if (total >= MAX_LOGS_TOTAL) break
    const bytes = readFileSync(file.path)
    const tail = bytes.length > MAX_LOG_BYTES ? bytes.subarray(bytes.length - MAX_LOG_BYTES) : bytes
    total += tail.length
    kept.push({ name: `logs/${file.name}`, content: tail.toString('utf8') })
  }
  return kept
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/**
 * The zip a shop sends to support: logs, doctor output, versions, settings and
 * outbox metadata; the cache's business data only when `includeData`. Every
 * file is scrubbed of secrets, and the bundle is refused if one remains.
 */
export async function makeSupportBundle(deps: SupportBundleDeps): Promise<{ fileName: string; bytes: Uint8Array; entries: string[] }> {
  const report = await runDoctor(deps)
  const createdAt = deps.now()
  const outboxes = readOutboxes(deps.dataDir, deps.includeData)
  const files: { name: string; content: string; description: string }[] = [
    { name: 'doctor.json', content: json(report), description: 'doctor checks (JSON)' },
    { name: 'doctor.txt', content: `${doctorText(report)}\n`, description: 'doctor checks (text)' },
    {
      name: 'versions.json',
      content: json({ ...versionInfo(deps.version), runner: deps.runner, platform: process.platform, arch: process.arch }),
      description: 'versions',
    },
    { name: 'settings.json', content: json(deps.settings), description: 'settings (no secrets)' },
    {
      name: 'outbox.json',
      content: json(outboxes.map((o) => ({ file: o.file, entries: o.rows }))),
      description: 'outbox metadata: sequence, kind, state, attempts, timestamps, error codes (no payloads)',
    },
    ...logFiles(deps.logDir).map((f) => ({ ...f, description: 'log file' })),
  ]
  if (deps.includeData) {
    files.push({
      name: 'data/business-data.json',
      content: json(outboxes.map((o) => ({ file: o.file, ...o.data }))),
      description: 'business data asked for by the user: queued payloads and bookings of each entity cache',
    })
  }

  const secrets = deps.knownSecrets()
  const setAside = deps.includeSetAside ? setAsideEntries(deps.dataDir) : { files: [], leftOut: [] }
  // A database cannot be scrubbed without damaging it further: one that holds a secret keeps the bundle from being written.
  for (const f of setAside.files) {
    const bytes = Buffer.from(f.bytes)
    if (secrets.some((secret) => secret.length > 0 && bytes.includes(secret))) {
      throw new AppError('internal', { detail: `support bundle not written: ${f.name} holds a secret` })
    }
  }
  const scrubbed = files.map((f) => ({ ...f, content: scrubSecrets(f.content, secrets) }))
  const manifest = {
    product: 'Mostrador',
    createdAt: createdAt.toISOString(),
    appVersion: deps.version,
    includeData: deps.includeData,
    includeSetAside: deps.includeSetAside ?? false,
    files: [
      ...scrubbed.map((f) => ({ name: f.name, bytes: Buffer.byteLength(f.content), description: f.description })),
      ...setAside.files.map((f) => ({
        name: f.name,
        bytes: f.bytes.length,
        description: 'a damaged cache file set aside, whole, asked for by the user',
      })),
    ],
    setAsideLeftOut: setAside.leftOut,
  }
  const all = [...scrubbed, { name: 'manifest.json', content: json(manifest), description: 'this list' }]
  for (const f of all) {
    const left = secretsLeft(f.content, secrets)
    if (left.length > 0) {
      throw new AppError('internal', { detail: `support bundle not written: ${f.name} still holds a ${left.join(', ')}` })
    }
  }
  const bytes = zipSync(
    Object.fromEntries([
      ...all.map((f) => [f.name, strToU8(f.content)] as const),
      ...setAside.files.map((f) => [f.name, f.bytes] as const),
    ]),
    { level: 6 },
  )
  const { day, time } = fileStamp(createdAt, deps.timeZone)
  return {
    fileName: `mostrador-support-${day}-${time}.zip`,
    bytes,
    entries: [...all.map((f) => f.name), ...setAside.files.map((f) => f.name)],
  }
}
