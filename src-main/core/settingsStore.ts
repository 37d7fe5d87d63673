import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { defaultPreferences, preferences, type Preferences } from '@shared/domain'

const settingsSchema = z.object({
  preferences: preferences.default(() => structuredClone(defaultPreferences)),
  /** The last real account signed in to: its address and e-mail, never its token; whether a lab opted into plain http. */
  lastAccount: z.object({ serverUrl: z.string(), email: z.string(), insecureHttp: z.boolean().optional() }).nullable().default(null),
  /** Automatic updates (desktop app); a managed shop turns them off. */
  updates: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
})
export type Settings = z.infer<typeof settingsSchema>

/**
 * settings.json in the data folder. A damaged file is set aside (renamed, not
 * deleted) and defaults are used, so a bad edit by hand loses nothing.
 */
export class SettingsStore {
  private readonly file: string
  private current: Settings

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true })
    this.file = join(dataDir, 'settings.json')
    this.current = this.load()
  }

  get(): Settings {
    return this.current
  }

  update(change: (s: Settings) => Settings): Settings {
    this.current = settingsSchema.parse(change(this.current))
    const tmp = `${this.file}.tmp`
    writeFileSync(tmp, JSON.stringify(this.current, null, 2))
    renameSync(tmp, this.file)
    return this.current
  }

  setPreferences(change: Partial<Preferences>): Preferences {
    return this.update((s) => ({ ...s, preferences: { ...s.preferences, ...change } })).preferences
  }

  private load(): Settings {
    if (!existsSync(this.file)) return settingsSchema.parse({})
    try {
      return settingsSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')))
    } catch {
      renameSync(this.file, `${this.file}.damaged-${Date.now()}`)
      return settingsSchema.parse({})
    }
  }
}
