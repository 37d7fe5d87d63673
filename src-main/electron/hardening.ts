import type { Session, WebContents } from 'electron'
import type { CameraGate } from './cameraGate'
import { isSafeExternalUrl } from './externalUrl'

/**
 * Session-wide rules: no web permission is granted (notifications, HID, serial,
 * microphone, …) but the camera while the camera gate is open, and every response
 * carries the app's CSP, so a page served over HTTP (the dev server) is held to the
 * same policy as app:// pages. The policy is asked at each response: it names the
 * signed-in service.
 */
export function hardenSession(session: Session, contentSecurityPolicy: () => string, camera?: CameraGate): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(camera?.allows(permission, details) ?? false))
  session.setPermissionCheckHandler((_contents, permission, _origin, details) => camera?.allows(permission, details) ?? false)
  session.setDevicePermissionHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    // Drop any policy the response brought (in any letter case) so ours is the only one.
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value
    }
    headers['Content-Security-Policy'] = [contentSecurityPolicy()]
    callback({ responseHeaders: headers })
  })
}

/**
 * Per-page rules, applied to every WebContents as it is created: the page may
 * not leave the app, open windows or attach webviews. A link meant for a new
 * window opens in the OS browser when it is a plain web address.
 */
export function hardenWebContents(
  contents: WebContents,
  isAppUrl: (url: string) => boolean,
  openExternal: (url: string) => Promise<void>,
): void {
  const stayInApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url)) event.preventDefault()
  }
  contents.on('will-navigate', stayInApp)
  contents.on('will-redirect', stayInApp)
  contents.on('will-frame-navigate', stayInApp)
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) {
      openExternal(url).catch((err: unknown) => console.warn('could not open link in the browser:', err))
    }
    return { action: 'deny' }
  })
}
