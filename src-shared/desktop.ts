/**
 * The calls only the desktop app answers, apart from the contract: they reach Electron itself (its permission
 * handler), not the core, so the browser host has nothing to answer them with and the page does without them
 * there. The preload exposes them as `window.mostradorDesktop`, beside the contract's `window.mostrador`.
 */

/** Channel names, derived here so neither side spells one itself. */
export const desktopChannels = {
  cameraOpen: 'mostrador:desktop:camera.open',
  cameraClose: 'mostrador:desktop:camera.close',
} as const

/**
 * The camera's gate (src-main/electron/cameraGate.ts): opened just before the page asks for the camera and
 * closed when its stream stops, so the permission handler grants the camera only while a capture dialog is open.
 * `open` answers whether the gate opened (false: an untrusted frame, or the main process did not answer).
 */
export interface CameraDoor {
  open(): Promise<boolean>
  close(): Promise<void>
}

/** What the preload exposes as `window.mostradorDesktop`. */
export interface DesktopBridge {
  camera: CameraDoor
}
