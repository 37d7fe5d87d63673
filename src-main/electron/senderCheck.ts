import { isAppUrl, type RendererLocation } from './rendererLocation'

/** The parts of Electron's WebFrameMain, WebContents and BrowserWindow the check reads. */
export interface FrameLike {
  readonly url: string
  readonly parent: FrameLike | null
  readonly processId: number
  readonly routingId: number
}
export interface WindowLike {
  isDestroyed(): boolean
  readonly webContents: { readonly mainFrame: FrameLike }
}
export interface SenderEvent {
  readonly sender: unknown
  readonly senderFrame: FrameLike | null
}

export type SenderCheck = (event: SenderEvent) => boolean

/**
 * An IPC message is trusted only when it comes from the main frame of one of
 * our windows while that frame shows the app's own page. A subframe, a page
 * that somehow navigated elsewhere, or a frame already gone is refused.
 */
export function createSenderCheck(location: RendererLocation, getWindows: () => readonly WindowLike[]): SenderCheck {
  return (event) => {
    try {
      const frame = event.senderFrame
      if (!frame || frame.parent !== null) return false
      const window = getWindows().find((w) => !w.isDestroyed() && w.webContents === event.sender)
      if (!window) return false
      const mainFrame = window.webContents.mainFrame
      if (frame.processId !== mainFrame.processId || frame.routingId !== mainFrame.routingId) return false
      return isAppUrl(location, frame.url)
    } catch {
      // Reading a frame that was disposed mid-flight throws; such a sender is not trusted.
      return false
    }
  }
}
