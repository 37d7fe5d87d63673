import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SettingsStore } from '@core/settingsStore'
import { tempDirInTest } from '../../support/tempDir'

const onDisk = (dir: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))

describe('settings.json', () => {
  it('starts with sensible defaults and keeps changes across restarts', () => {
    const dir = tempDirInTest('mostrador-settings-')
    const first = new SettingsStore(dir)
    expect(first.get().preferences).toEqual({
      theme: 'system',
      language: null,
      station: null,
      receptionCount: 'scan',
      nearExpiryDays: 30,
      dispatchView: 'cards',
      toursSeen: [],
      stockAgencies: [],
      printer: null,
      paper: 'a4',
      printSlipOnSave: false,
    })
    first.setPreferences({ theme: 'dark' })
    expect(new SettingsStore(dir).get().preferences).toEqual({
      theme: 'dark',
      language: null,
      station: null,
      receptionCount: 'scan',
      nearExpiryDays: 30,
      dispatchView: 'cards',
      toursSeen: [],
      stockAgencies: [],
      printer: null,
      paper: 'a4',
      printSlipOnSave: false,
    })
  })

  it('still shows the first-run tour after a station is chosen on a new computer', () => {
    const dir = tempDirInTest('mostrador-settings-')
    new SettingsStore(dir).setPreferences({ station: 'counter' })
    expect(new SettingsStore(dir).get().preferences.toursSeen).toEqual([])
  })

  it('sets a damaged file aside instead of failing or deleting it', () => {
    const dir = tempDirInTest('mostrador-settings-')
    writeFileSync(join(dir, 'settings.json'), '{ not json')
    const store = new SettingsStore(dir)
    expect(store.get().lastAccount).toBeNull()
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true)
    expect(existsSync(join(dir, 'settings.json'))).toBe(false)
  })

  it('sets an empty file (a power cut) aside and starts from the defaults', () => {
    const dir = tempDirInTest('mostrador-settings-')
    writeFileSync(join(dir, 'settings.json'), '')
    expect(new SettingsStore(dir).get().preferences.theme).toBe('system')
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true)
  })

  it('a file damaged by hand while the app runs is set aside at the next save, which keeps what the app knew', () => {
    const dir = tempDirInTest('mostrador-settings-')
    const store = new SettingsStore(dir)
    store.setPreferences({ theme: 'dark' })
    writeFileSync(join(dir, 'settings.json'), '{ not json')
    expect(store.get().preferences.theme).toBe('dark')
    store.setPreferences({ paper: 'receipt80' })
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true)
    expect(new SettingsStore(dir).get().preferences).toMatchObject({ theme: 'dark', paper: 'receipt80' })
  })

  describe('one value this version refuses (written by hand or by a newer version)', () => {
    const writtenByNewer = {
      preferences: { theme: 'dark', stockAgencies: [7], paper: 'roll-112', labelSize: 'small' },
      lastAccount: { serverUrl: 'https://shop.example', email: 'a@b.c' },
      updates: { enabled: false },
    }

    it('falls back to its default alone: the last account, the stock agencies and the other preferences are kept', () => {
      const dir = tempDirInTest('mostrador-settings-')
      writeFileSync(join(dir, 'settings.json'), JSON.stringify(writtenByNewer))
      const s = new SettingsStore(dir).get()
      expect(s.preferences).toMatchObject({ theme: 'dark', stockAgencies: [7], paper: 'a4' })
      expect(s.lastAccount).toEqual({ serverUrl: 'https://shop.example', email: 'a@b.c' })
      expect(s.updates.enabled).toBe(false)
    })

    it('a damaged last account alone is forgotten, the preferences are kept', () => {
      const dir = tempDirInTest('mostrador-settings-')
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...writtenByNewer, lastAccount: { serverUrl: 5 } }))
      const s = new SettingsStore(dir).get()
      expect(s.lastAccount).toBeNull()
      expect(s.preferences.stockAgencies).toEqual([7])
    })

    it('stays in the file, which is not set aside, until the user changes that very setting', () => {
      const dir = tempDirInTest('mostrador-settings-')
      writeFileSync(join(dir, 'settings.json'), JSON.stringify(writtenByNewer))
      const store = new SettingsStore(dir)
      store.setPreferences({ theme: 'light' })
      expect(readdirSync(dir).filter((f) => f.startsWith('settings.json.'))).toEqual([])
      expect(onDisk(dir).preferences).toMatchObject({ theme: 'light', paper: 'roll-112', labelSize: 'small' })
      store.setPreferences({ paper: 'receipt58' })
      expect(onDisk(dir).preferences).toMatchObject({ paper: 'receipt58', labelSize: 'small' })
    })
  })

  describe('shared by the app, the browser host and the command-line tool (one data folder)', () => {
    it("keeps one process's change when another, started earlier, changes something else", () => {
      const dir = tempDirInTest('mostrador-settings-')
      const app = new SettingsStore(dir) // the desktop app, running all day
      const cli = new SettingsStore(dir) // `mostrador …` run beside it
      cli.setPreferences({ stockAgencies: [7] })
      app.setPreferences({ theme: 'dark' })
      app.update((s) => ({ ...s, updates: { enabled: false } }))
      const after = new SettingsStore(dir).get()
      expect(after.preferences).toMatchObject({ theme: 'dark', stockAgencies: [7] })
      expect(after.updates.enabled).toBe(false)
    })

    it('the running app reads the stock agencies the command-line tool set, without a restart', () => {
      const dir = tempDirInTest('mostrador-settings-')
      const app = new SettingsStore(dir)
      expect(app.get().preferences.stockAgencies).toEqual([])
      new SettingsStore(dir).setPreferences({ stockAgencies: [7, 9] })
      expect(app.get().preferences.stockAgencies).toEqual([7, 9])
    })

    it("saves through a temporary file of its own, so another process's leftover cannot block or mix with it", () => {
      const dir = tempDirInTest('mostrador-settings-')
      mkdirSync(join(dir, 'settings.json.tmp')) // where every process used to write
      const store = new SettingsStore(dir)
      store.setPreferences({ theme: 'dark' })
      store.setPreferences({ paper: 'receipt80' })
      expect(new SettingsStore(dir).get().preferences).toMatchObject({ theme: 'dark', paper: 'receipt80' })
      expect(readdirSync(dir).sort()).toEqual(['settings.json', 'settings.json.tmp', 'settings.lock'])
    })
  })
})
