import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { defaultPreferences, preferences, type Preferences } from '@shared/domain'
import { whileLocked } from './processLock'

const settingsSchema = z.object({
  preferences: preferences.default(() => structuredClone(defaultPreferences)),
  /** The last real account signed in to: its address and e-mail, never its token; whether a lab opted into plain http. */
  lastAccount: z.object({ serverUrl: z.string(), email: z.string(), insecureHttp: z.boolean().optional() }).nullable().default(null),
  /** Automatic updates (desktop app); a managed shop turns them off. */
  updates: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
})
export type Settings = z.infer<typeof settingsSchema>

type Json = Record<string, unknown>
/** Another process's save takes milliseconds; one that holds the lock longer has stalled, and is not waited for. */
const LOCK_WAIT_MS = 2_000
/** One setting: a top field (the last account is one value), or a field of a record of independent settings. */
type Field = [string] | [string, string]
const records: readonly string[] = ['preferences', 'updates']
/** The file as read: its JSON, the settings in it, the fields this version refused, and when it was last written. */
type Read = { json: Json; settings: Settings; refused: Field[]; stamp: string | null; setAside?: true }

/**
 * settings.json in the data folder, shared by the app, the browser host and the command-line tool. Each save
 * applies its change to the file as it is then, so what another process saved meanwhile is kept; one process saves at
 * a time (a process lock, `settings.lock`), else a save between another's read and its write was lost.
 */
export class SettingsStore {
  private readonly file: string
  private readonly lock: string
  private last: Pick<Read, 'settings' | 'stamp'>

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true })
    this.file = join(dataDir, 'settings.json')
    this.lock = join(dataDir, 'settings.lock')
    this.last = this.read()
  }

  /** Read again when another process wrote the file, so the agencies the CLI sets count at the app's next pull. */
  get(): Settings {
    if (stampOf(this.file) !== this.last.stamp) {
      const read = this.read()
      this.last = read.setAside ? { settings: this.last.settings, stamp: read.stamp } : read
    }
    return this.last.settings
  }

  update(change: (s: Settings) => Settings): Settings {
    return whileLocked(this.lock, LOCK_WAIT_MS, () => this.changed(change))
  }

  private changed(change: (s: Settings) => Settings): Settings {
    const before = this.read()
    // No readable file (damaged or removed since this process read it): what this process knew, not the defaults.
    const settings = settingsSchema.parse(change(before.stamp === null ? this.last.settings : before.settings))
    // A field this version does not know is kept; one it refused stays as written unless this change set it.
    let json: Json = { ...before.json, ...settings }
    for (const r of records) if (isJson(before.json[r])) json[r] = { ...before.json[r], ...((settings as Json)[r] as Json) }
    for (const field of before.refused) {
      if (isDeepStrictEqual(valueAt(before.settings, field), valueAt(settings, field)))
        json = withValue(json, field, valueAt(before.json, field))
    }
    this.last = { settings, stamp: this.write(json) }
    return settings
  }

  setPreferences(change: Partial<Preferences>): Preferences {
    return this.update((s) => ({ ...s, preferences: { ...s.preferences, ...change } })).preferences
  }

  /**
   * A file that holds no JSON object (damaged by hand, emptied by a power cut) is set aside, renamed, never deleted;
   * in one that does, each field is checked on its own: a refused one (a newer version's value) takes its default alone.
   */
  private read(): Read {
    const stamp = stampOf(this.file) // before the read: a write in between is read again at the next get()
    if (stamp === null) return { ...checked({}), stamp }
    try {
      const json: unknown = JSON.parse(readFileSync(this.file, 'utf8'))
      if (isJson(json)) return { ...checked(json), stamp }
    } catch {
      // set aside below
    }
    try {
      renameSync(this.file, `${this.file}.damaged-${Date.now()}`)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e // else another process set it aside first
    }
    return { ...checked({}), stamp: null, setAside: true }
  }

  /** Through a temp file of this write alone, flushed, then renamed: readers see the old file or the new, never half. */
  private write(json: Json): string {
    const tmp = `${this.file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
    try {
      const fd = openSync(tmp, 'wx')
      let written: Stats
      try {
        writeFileSync(fd, JSON.stringify(json, null, 2))
        fsyncSync(fd)
        written = fstatSync(fd)
      } finally {
        closeSync(fd)
      }
      renameSync(tmp, this.file)
      return stampFrom(written)
    } catch (e) {
      rmSync(tmp, { force: true })
      throw e
    }
  }
}

function checked(json: Json): Omit<Read, 'stamp'> {
  const refused: Field[] = []
  let input = json
  for (;;) {
    const parsed = settingsSchema.safeParse(input)
    if (parsed.success) return { json, settings: parsed.data, refused }
    const before = input
    for (const field of fieldsOf(parsed.error.issues)) {
      const again = refused.some((r) => isDeepStrictEqual(r, field))
      if (!again) refused.push(field)
      else if (valueAt(input, field) !== undefined) continue // even its default refused: no way forward
      // Left out, a field takes its schema's default; one with none of its own (the theme) then takes the settings'.
      input = withValue(input, field, again ? valueAt(settingsSchema.parse({}), field) : undefined)
    }
    if (input === before) throw parsed.error
  }
}

function fieldsOf(issues: readonly { path: readonly PropertyKey[] }[]): Field[] {
  const fields: Field[] = []
  for (const [top, inner] of issues.map((issue) => issue.path)) {
    if (typeof top !== 'string') continue
    const field: Field = records.includes(top) && typeof inner === 'string' ? [top, inner] : [top]
    if (!fields.some((f) => isDeepStrictEqual(f, field))) fields.push(field)
  }
  return fields
}

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function valueAt(from: object, [top, inner]: Field): unknown {
  const value = (from as Json)[top]
  return inner === undefined ? value : isJson(value) ? value[inner] : undefined
}

/** A copy with the field set; undefined leaves it out. */
function withValue(json: Json, [top, inner]: Field, value: unknown): Json {
  const out = { ...json }
  const at = inner === undefined ? out : (out[top] = { ...(out[top] as Json) })
  if (value === undefined) delete at[inner ?? top]
  else at[inner ?? top] = value
  return out
}

/** Tells one version of the file from the next (each write is a new file: a new inode). */
const stampFrom = (s: Stats): string => `${s.ino}:${s.size}:${s.mtimeMs}`
function stampOf(file: string): string | null {
  try {
    return stampFrom(statSync(file))
  } catch {
    return null
  }
}
