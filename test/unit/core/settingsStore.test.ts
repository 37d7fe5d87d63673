import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SettingsStore } from '@core/settingsStore'
import { tempDirInTest } from '../../support/tempDir'

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

  it('sets a damaged file aside instead of failing or deleting it', () => {
    const dir = tempDirInTest('mostrador-settings-')
    writeFileSync(join(dir, 'settings.json'), '{ not json')
    const store = new SettingsStore(dir)
    expect(store.get().lastAccount).toBeNull()
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true)
    expect(existsSync(join(dir, 'settings.json'))).toBe(false)
  })
})
