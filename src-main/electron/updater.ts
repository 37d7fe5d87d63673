import { autoUpdater, type ProgressInfo, type UpdateInfo } from 'electron-updater'
import type { Logger } from '@core/logging/logger'
import { CHECK_EVERY_MS, isHttpsFeed } from '@core/updates/updatePolicy'
import type { UpdaterDriver, UpdaterReport } from '@core/updates/updatesService'

/**
 * electron-updater behind the core's UpdaterDriver: a generic feed whose
 * address is fixed when the app is built (MAIN_VITE_UPDATE_URL), checked at
 * start and every four hours, downloaded in the background, and installed
 * only when the core says so (never silently on quit: a counter restarted by
 * surprise could lose the clerk's place). Without an address, or with one
 * that is not https, updates are off.
 */
export function createElectronUpdater(opts: { feedUrl: string | null | undefined; checkEveryMs?: number }): UpdaterDriver {
  const feedUrl = opts.feedUrl?.trim() || null
  let timer: NodeJS.Timeout | null = null
  let detach: (() => void)[] = []
  let ready = false

  return {
    feedUrl,
    start(report: (r: UpdaterReport) => void, log: Logger) {
      // The core's policy already keeps a feed that is not https off; this door stays shut on its own too.
      if (!feedUrl || !isHttpsFeed(feedUrl) || timer) return
      autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl })
      autoUpdater.autoDownload = true
      autoUpdater.autoInstallOnAppQuit = false
      autoUpdater.logger = {
        info: (m?: unknown) => log.info(String(m)),
        warn: (m?: unknown) => log.warn(String(m)),
        error: (m?: unknown) => log.error(String(m)),
        debug: (m: string) => log.debug(m),
      }
      const on = <A extends unknown[]>(event: string, handler: (...args: A) => void) => {
        autoUpdater.on(event as 'error', handler as (...args: unknown[]) => void)
        detach.push(() => autoUpdater.removeListener(event as 'error', handler as (...args: unknown[]) => void))
      }
      let version: string | null = null
      on('checking-for-update', () => ready || report({ state: 'checking' }))
      on('update-not-available', () => ready || report({ state: 'idle' }))
      on('update-available', (info: UpdateInfo) => {
        version = info.version
        log.info('update available', { version })
        report({ state: 'downloading', percent: 0, version })
      })
      on('download-progress', (p: ProgressInfo) => report({ state: 'downloading', percent: Math.round(p.percent), version }))
      on('update-downloaded', (info: UpdateInfo) => {
        ready = true
        log.info('update downloaded', { version: info.version })
        report({ state: 'ready', version: info.version })
      })
      on('error', (err: Error) => {
        log.warn('update check failed', { err })
        // A failed check after a finished download does not hide the version waiting to be installed.
        if (!ready) report({ state: 'error', message: err.message })
      })
      const check = () => {
        if (ready) return
        autoUpdater.checkForUpdates().catch(() => undefined) // reported through the 'error' event
      }
      check()
      timer = setInterval(check, opts.checkEveryMs ?? CHECK_EVERY_MS)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
      for (const off of detach) off()
      detach = []
    },
    quitAndInstall() {
      // Not silent (the installer may show progress), and start the new version afterwards.
      autoUpdater.quitAndInstall(false, true)
    },
  }
}
