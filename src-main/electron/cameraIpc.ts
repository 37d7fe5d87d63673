import { desktopChannels } from '@shared/desktop'
import type { CameraGate } from './cameraGate'
import type { SenderCheck, SenderEvent } from './senderCheck'

/** The part of ipcMain the camera's door uses. */
export interface CameraIpcMain {
  handle(channel: string, listener: (event: SenderEvent) => boolean): void
  removeHandler(channel: string): void
}

/**
 * The page's door to the camera gate (issue 33, requirement 3): its capture dialog opens the gate just before it
 * asks for the camera and closes it when the stream stops. Only our own page's main frame may open it (the same
 * check as the contract's requests); a second open replaces the first, so one dialog's close never leaves an
 * older grant behind, and the gate closes by itself after its limit whatever the page does.
 * Returns the function that removes the handlers and closes the gate.
 */
export function registerCameraIpc(ipcMain: CameraIpcMain, gate: Pick<CameraGate, 'open'>, isTrustedSender: SenderCheck): () => void {
  let closeOpen: (() => void) | null = null
  const close = () => {
    closeOpen?.()
    closeOpen = null
  }
  ipcMain.handle(desktopChannels.cameraOpen, (event) => {
    if (!isTrustedSender(event)) return false
    close()
    closeOpen = gate.open()
    return true
  })
  ipcMain.handle(desktopChannels.cameraClose, (event) => {
    // Closing asks for nothing, but a frame that may not open the gate may not close another's either.
    if (!isTrustedSender(event)) return false
    close()
    return true
  })
  return () => {
    close()
    ipcMain.removeHandler(desktopChannels.cameraOpen)
    ipcMain.removeHandler(desktopChannels.cameraClose)
  }
}
