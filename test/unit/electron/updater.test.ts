import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CoreEvents } from '@core/events'
import { silentLogger } from '@core/logging/logger'
import { SettingsStore } from '@core/settingsStore'
import { CHECK_EVERY_MS } from '@core/updates/updatePolicy'
import { UpdatesService } from '@core/updates/updatesService'
import type { OutboxCounts } from '@shared/updates'
import { tempDirInTest } from '../../support/tempDir'

// electron-updater (and electron under it) cannot load here: a stand-in autoUpdater records what the adapter does.
const fake = vi.hoisted(() => ({ updater: null as unknown as FakeAutoUpdater }))
class FakeAutoUpdater extends EventEmitter {
  autoDownload = false
  autoInstallOnAppQuit = true
  logger: unknown = null
  setFeedURL = vi.fn()
  checkForUpdates = vi.fn(async () => null)
  quitAndInstall = vi.fn()
}
vi.mock('electron', () => ({ app: { getVersion: () => '1.0.0', isPackaged: true } }))
vi.mock('electron-updater', () => ({
  get autoUpdater() {
    return fake.updater
  },
}))

const { createElectronUpdater } = await import('../../../src-main/electron/updater')

const FEED = 'https://downloads.example.com/mostrador/'
let outbox: OutboxCounts
let service: UpdatesService | null = null

function start(opts: { feedUrl?: string | null; enabled?: boolean; env?: NodeJS.ProcessEnv; dataDir?: string } = {}) {
  const settings = new SettingsStore(opts.dataDir ?? tempDirInTest())
  if (opts.enabled === false) settings.update((s) => ({ ...s, updates: { enabled: false } }))
  const events = new CoreEvents()
  const seen: unknown[] = []
  events.on('updates.changed', (s) => seen.push(s))
  service = new UpdatesService({
    driver: createElectronUpdater({ feedUrl: opts.feedUrl === undefined ? FEED : opts.feedUrl }),
    settings,
    events,
    log: silentLogger,
    outbox: () => outbox,
    env: opts.env ?? {},
  })
  return { service, seen, settings }
}

beforeEach(() => {
  vi.useFakeTimers()
  fake.updater = new FakeAutoUpdater()
  outbox = { waiting: 0, failed: 0, conflicts: 0 }
})
afterEach(() => {
  service?.close()
  service = null
  vi.useRealTimers()
})

describe('the desktop updater', () => {
  it('checks at start and every four hours, downloading in the background but never installing on quit', () => {
    start()
    expect(fake.updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: FEED })
    expect(fake.updater.autoDownload).toBe(true)
    expect(fake.updater.autoInstallOnAppQuit).toBe(false)
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(CHECK_EVERY_MS - 1)
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(CHECK_EVERY_MS)
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(3)
  })

  it('reports checking, download progress and the ready version to the screens', () => {
    const { service, seen } = start()
    fake.updater.emit('checking-for-update')
    fake.updater.emit('update-available', { version: '1.4.0' })
    fake.updater.emit('download-progress', { percent: 41.6 })
    expect(service.status()).toMatchObject({ state: 'downloading', percent: 42, version: '1.4.0' })
    fake.updater.emit('update-downloaded', { version: '1.4.0' })
    expect(service.status()).toMatchObject({ state: 'ready', version: '1.4.0', blockedBy: null })
    expect(seen.map((s) => (s as { state: string }).state)).toEqual(['checking', 'downloading', 'downloading', 'ready'])
  })

  it('is off, and never checks, when the update address is not https', () => {
    for (const feedUrl of ['http://downloads.example.com/mostrador/', 'ftp://downloads.example.com/', 'file:///srv/feed/', 'not a url']) {
      fake.updater = new FakeAutoUpdater()
      const { service } = start({ feedUrl })
      vi.advanceTimersByTime(2 * CHECK_EVERY_MS)
      expect(fake.updater.setFeedURL, feedUrl).not.toHaveBeenCalled()
      expect(fake.updater.checkForUpdates, feedUrl).not.toHaveBeenCalled()
      expect(service.status(), feedUrl).toMatchObject({ state: 'off', offReason: 'insecure_feed' })
      service.close()
    }
    // The adapter alone, whatever the core decides, never points electron-updater at it either.
    fake.updater = new FakeAutoUpdater()
    createElectronUpdater({ feedUrl: 'http://downloads.example.com/mostrador/' }).start(() => undefined, silentLogger)
    expect(fake.updater.setFeedURL).not.toHaveBeenCalled()
  })

  it('is off, and never checks, when the build has no update address', () => {
    for (const feedUrl of [null, '', '  ']) {
      fake.updater = new FakeAutoUpdater()
      const { service } = start({ feedUrl })
      vi.advanceTimersByTime(2 * CHECK_EVERY_MS)
      expect(fake.updater.setFeedURL).not.toHaveBeenCalled()
      expect(fake.updater.checkForUpdates).not.toHaveBeenCalled()
      expect(service.status()).toMatchObject({ state: 'off', offReason: 'no_feed' })
      expect(() => service.install()).toThrow(expect.objectContaining({ code: 'not_ready' }))
      service.close()
    }
  })

  it('is off when the setting is disabled, and starts checking when it is turned back on (and is remembered)', () => {
    const dataDir = tempDirInTest()
    const { service } = start({ enabled: false, dataDir })
    expect(fake.updater.checkForUpdates).not.toHaveBeenCalled()
    expect(service.status()).toMatchObject({ state: 'off', offReason: 'disabled', enabled: false })
    expect(service.setEnabled(true)).toMatchObject({ state: 'idle', enabled: true })
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    expect(new SettingsStore(dataDir).get().updates.enabled).toBe(true) // kept in settings.json
    service.setEnabled(false)
    vi.advanceTimersByTime(2 * CHECK_EVERY_MS)
    expect(fake.updater.checkForUpdates).toHaveBeenCalledTimes(1)
  })

  it('is off when the administrator says so in the environment, whatever the setting', () => {
    const { service } = start({ env: { MOSTRADOR_UPDATES: 'off' } })
    expect(fake.updater.checkForUpdates).not.toHaveBeenCalled()
    expect(service.status()).toMatchObject({ state: 'off', offReason: 'policy', enabled: true })
  })

  it('refuses to install while bookings are unsent, and says what waits', () => {
    const { service } = start()
    fake.updater.emit('update-downloaded', { version: '1.4.0' })
    for (const counts of [
      { waiting: 2, failed: 0, conflicts: 0 },
      { waiting: 0, failed: 1, conflicts: 0 },
      { waiting: 0, failed: 0, conflicts: 1 },
    ]) {
      outbox = counts
      expect(service.status().blockedBy).toEqual(counts)
      expect(() => service.install()).toThrow(expect.objectContaining({ code: 'outbox_not_empty' }))
    }
    expect(fake.updater.quitAndInstall).not.toHaveBeenCalled()
  })

  it('installs and restarts when the user agrees and the outbox is empty', () => {
    const { service } = start()
    expect(() => service.install()).toThrow(expect.objectContaining({ code: 'not_ready' })) // nothing downloaded yet
    fake.updater.emit('update-downloaded', { version: '1.4.0' })
    service.install()
    expect(fake.updater.quitAndInstall).toHaveBeenCalledWith(false, true)
  })
})

describe('updates outside the desktop app', () => {
  it('are off with the reason that the desktop app handles them', () => {
    const s = new UpdatesService({
      driver: null,
      settings: new SettingsStore(tempDirInTest()),
      events: new CoreEvents(),
      log: silentLogger,
      outbox: () => outbox,
      env: {},
    })
    expect(s.status()).toMatchObject({ state: 'off', offReason: 'not_desktop' })
    expect(() => s.install()).toThrow(expect.objectContaining({ code: 'not_ready' }))
  })
})
