import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Session, WebContents } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { contentSecurityPolicy, contentSecurityPolicyFor, parseCsp, serviceImageOrigins } from '@shared/csp'
import { isSafeExternalUrl } from '../../src-main/electron/externalUrl'
import { hardenSession, hardenWebContents } from '../../src-main/electron/hardening'
import { CAPTURE_MAX_OPEN_MS, CameraGate } from '../../src-main/electron/cameraGate'
import { appIndexUrl } from '../../src-main/electron/appProtocol'
import { isAppUrl, rendererLocation, type RendererLocation } from '../../src-main/electron/rendererLocation'
import { FakeWebContents, resetFakeElectron, session, shell } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

const location: RendererLocation = { kind: 'app', dir: join('/opt', 'mostrador', 'out', 'renderer'), url: appIndexUrl }
const appUrl = appIndexUrl

let contents: FakeWebContents

beforeEach(() => {
  resetFakeElectron()
  contents = new FakeWebContents()
  hardenWebContents(contents as unknown as WebContents, (url) => isAppUrl(location, url), shell.openExternal)
})

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() }
}

describe('navigation', () => {
  const foreign = [
    'http://evil.example/',
    'https://evil.example/login',
    'file:///etc/passwd',
    pathToFileURL(join('/opt', 'mostrador', 'out', 'renderer', 'index.html')).href,
    'app://evil/index.html',
    'app://mostrador:1/index.html',
    'javascript:alert(1)',
    'data:text/html,<h1>x</h1>',
    'about:blank',
    'chrome://settings',
    'not a url',
  ]
  for (const eventName of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
    it.each(foreign)(`${eventName} to %s is prevented`, (url) => {
      const event = navigationEvent(url)
      contents.emit(eventName, event, url)
      expect(event.preventDefault).toHaveBeenCalled()
    })

    it(`${eventName} within the app page is allowed`, () => {
      const event = navigationEvent(`${appUrl}#/bookings`)
      contents.emit(eventName, event, event.url)
      expect(event.preventDefault).not.toHaveBeenCalled()
    })
  }

  it('refuses to attach a webview', () => {
    const event = { preventDefault: vi.fn() }
    contents.emit('will-attach-webview', event, {}, {})
    expect(event.preventDefault).toHaveBeenCalled()
  })
})

describe('new windows', () => {
  it.each(['https://docs.example/help', 'http://intranet.example/report?id=1'])('denies %s and opens it in the OS browser', (url) => {
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    expect(shell.openExternal).toHaveBeenCalledWith(url)
  })

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'vbscript:msgbox(1)',
    'data:text/html,x',
    'https://user:pass@evil.example/',
    appUrl,
    `https://example.com/${'a'.repeat(3000)}`,
    '',
  ])('denies %s without opening anything', (url) => {
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('accepts only plain web addresses as external links', () => {
    expect(isSafeExternalUrl('https://example.com')).toBe(true)
    for (const bad of [undefined, null, 42, {}, 'https://', 'mailto:a@b.c', 'HTTPS://user@x.example']) {
      expect(isSafeExternalUrl(bad), String(bad)).toBe(false)
    }
  })
})

describe('permissions', () => {
  beforeEach(() => hardenSession(session.defaultSession as unknown as Session, () => contentSecurityPolicy))

  const permissions = [
    'media',
    'geolocation',
    'notifications',
    'midiSysex',
    'clipboard-read',
    'display-capture',
    'openExternal',
    'fullscreen',
    'hid',
    'serial',
    'usb',
    'unknown',
  ]
  it.each(permissions)('denies a request for %s', (permission) => {
    const callback = vi.fn()
    session.defaultSession.permissionRequestHandler?.({}, permission, callback, { requestingUrl: appUrl })
    expect(callback).toHaveBeenCalledWith(false)
  })

  it.each(permissions)('answers no to a check for %s', (permission) => {
    expect(session.defaultSession.permissionCheckHandler?.({}, permission, 'file://', {})).toBe(false)
  })

  it('denies device access (HID, serial, USB)', () => {
    expect(session.defaultSession.devicePermissionHandler?.({ deviceType: 'usb', origin: 'file://' })).toBe(false)
  })
})

describe('the camera, while a capture dialog is open', () => {
  let clock = 0
  let gate: CameraGate
  beforeEach(() => {
    clock = 1_000
    gate = new CameraGate(
      (url) => isAppUrl(location, url),
      () => clock,
    )
    hardenSession(session.defaultSession as unknown as Session, () => contentSecurityPolicy, gate)
  })
  const request = (permission: string, details: object) => {
    const callback = vi.fn()
    session.defaultSession.permissionRequestHandler?.({}, permission, callback, details)
    return callback.mock.calls[0]?.[0] as boolean
  }
  const check = (permission: string, details: object) => session.defaultSession.permissionCheckHandler?.({}, permission, appUrl, details)
  const video = { isMainFrame: true, requestingUrl: appUrl, mediaTypes: ['video'] }

  it('is denied while no capture dialog is open', () => {
    expect(request('media', video)).toBe(false)
    expect(check('media', { isMainFrame: true, requestingUrl: appUrl, mediaType: 'video' })).toBe(false)
  })

  it('is granted to our page for video only while the dialog is open, and denied again once it closes', () => {
    const close = gate.open()
    expect(request('media', video)).toBe(true)
    expect(check('media', { isMainFrame: true, requestingUrl: appUrl, mediaType: 'video' })).toBe(true)
    close()
    expect(request('media', video)).toBe(false)
  })

  it('never grants the microphone, a subframe, another origin or another permission, even while open', () => {
    gate.open()
    expect(request('media', { ...video, mediaTypes: ['audio'] })).toBe(false)
    expect(request('media', { ...video, mediaTypes: ['video', 'audio'] })).toBe(false)
    expect(request('media', { ...video, mediaTypes: [] })).toBe(false)
    expect(check('media', { isMainFrame: true, requestingUrl: appUrl, mediaType: 'audio' })).toBe(false)
    expect(request('media', { ...video, isMainFrame: false })).toBe(false)
    expect(request('media', { ...video, requestingUrl: 'https://evil.example/' })).toBe(false)
    expect(request('media', { isMainFrame: true, mediaTypes: ['video'] })).toBe(false)
    for (const other of ['display-capture', 'geolocation', 'notifications', 'clipboard-read'])
      expect(request(other, video), other).toBe(false)
  })

  it('closes by itself when a dialog is left open, and an earlier dialog closing does not close a later one', () => {
    const first = gate.open()
    clock += CAPTURE_MAX_OPEN_MS
    expect(request('media', video)).toBe(false)
    gate.open()
    first()
    expect(request('media', video)).toBe(true)
  })
})

describe('Content-Security-Policy', () => {
  beforeEach(() => hardenSession(session.defaultSession as unknown as Session, () => contentSecurityPolicy))

  function headersFor(responseHeaders: Record<string, string[]> | undefined) {
    let result: Record<string, string | string[]> | undefined
    session.defaultSession.headersListener?.({ url: 'http://localhost:5173/', responseHeaders }, (r) => {
      result = r.responseHeaders
    })
    return result ?? {}
  }

  it('adds the policy to every response', () => {
    expect(headersFor(undefined)).toEqual({ 'Content-Security-Policy': [contentSecurityPolicy] })
  })

  it('replaces whatever policy a response brought, in any letter case, and keeps the other headers', () => {
    const headers = headersFor({
      'content-security-policy': ["script-src 'unsafe-eval' *"],
      'CONTENT-SECURITY-POLICY': ['default-src *'],
      'Content-Type': ['text/html'],
    })
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy] })
  })

  it('is asked again at each response, so it follows the signed-in service', () => {
    let origins: string[] = []
    hardenSession(session.defaultSession as unknown as Session, () => contentSecurityPolicyFor(origins))
    expect(parseCsp(String(headersFor(undefined)['Content-Security-Policy'])).get('img-src')).toEqual(["'self'", 'data:'])
    origins = ['https://erp.example.com']
    expect(parseCsp(String(headersFor(undefined)['Content-Security-Policy'])).get('img-src')).toEqual([
      "'self'",
      'data:',
      'https://erp.example.com',
    ])
  })

  it('is the only policy of the page: index.html carries none that could widen or narrow it', () => {
    const html = readFileSync(resolve(__dirname, '../../src-renderer/index.html'), 'utf8')
    expect(html).not.toMatch(/<meta\s+http-equiv=(["'])Content-Security-Policy\1/i)
  })

  it('lets images come only from the app, data: and the signed-in service', () => {
    expect(parseCsp(contentSecurityPolicy).get('img-src')).toEqual(["'self'", 'data:'])
    const signedIn = { state: 'signed_in', training: false, serverUrl: 'https://erp.example.com/app', email: 'a@b.c' } as const
    expect(serviceImageOrigins(signedIn)).toEqual(['https://erp.example.com'])
    expect(serviceImageOrigins({ state: 'signed_out', lastServerUrl: 'https://erp.example.com', lastEmail: null })).toEqual([])
    expect(serviceImageOrigins(null)).toEqual([])
    const policy = parseCsp(contentSecurityPolicyFor(serviceImageOrigins(signedIn)))
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://erp.example.com'])
    expect(contentSecurityPolicy).not.toMatch(/https:(?!\/\/)|http:(?!\/\/)|\*/)
  })

  it('allows scripts only from the app itself and never eval', () => {
    const policy = parseCsp(contentSecurityPolicy)
    expect(contentSecurityPolicy).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes|strict-dynamic/)
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
  })
})

describe('renderer location', () => {
  const mainDir = join('/opt', 'mostrador', 'out', 'main')

  it('is the built index.html next to out/main outside development', () => {
    expect(rendererLocation({ isDev: false, env: {}, mainDir })).toEqual(location)
  })

  it('is the dev server only in development', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' }
    expect(rendererLocation({ isDev: true, env, mainDir })).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
    })
    // A packaged app ignores the variable, so nobody can point it at another page.
    expect(rendererLocation({ isDev: false, env, mainDir })).toEqual(location)
  })

  it('refuses a dev server address that is not http(s)', () => {
    expect(() => rendererLocation({ isDev: true, env: { ELECTRON_RENDERER_URL: 'file:///tmp/x.html' }, mainDir })).toThrow()
  })

  it("recognises the app's own origin, app://mostrador, and nothing else", () => {
    expect(isAppUrl(location, appUrl)).toBe(true)
    expect(isAppUrl(location, `${appUrl}?a=1#/x`)).toBe(true)
    expect(isAppUrl(location, 'app://mostrador/sub/../index.html')).toBe(true)
    for (const url of [
      pathToFileURL(join(location.kind === 'app' ? location.dir : '', 'index.html')).href,
      'app://mostrador.evil/index.html',
      'app://mostrador:1/index.html',
      'app://x@mostrador/index.html',
      'APPS://mostrador/index.html',
      'http://mostrador/index.html',
      'https://mostrador/index.html',
      'garbage',
    ]) {
      expect(isAppUrl(location, url), url).toBe(false)
    }
  })
})
