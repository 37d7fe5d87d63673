import type { App, BrowserWindow } from 'electron'

/**
 * Two copies of the app on one data folder would race on the cache and the
 * outbox, so a second launch only brings the first window forward and quits.
 * Returns false in the second instance, which must then start nothing.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  firstWindow: () => BrowserWindow | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => {
    const window = firstWindow()
    if (!window || window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  })
  return true
}
