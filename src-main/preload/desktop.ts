import { desktopChannels, type DesktopBridge } from '@shared/desktop'
import type { IpcRendererLike } from './bridge'

/**
 * Builds `window.mostradorDesktop`: the desktop-only calls (src-shared/desktop.ts), each on its fixed channel with
 * no argument from the page. A main process that does not answer leaves the camera closed, never the page broken.
 */
export function createDesktopBridge(ipc: Pick<IpcRendererLike, 'invoke'>): DesktopBridge {
  return {
    camera: {
      open: () =>
        ipc.invoke(desktopChannels.cameraOpen).then(
          (opened) => opened === true,
          () => false,
        ),
      close: () =>
        ipc.invoke(desktopChannels.cameraClose).then(
          () => undefined,
          () => undefined,
        ),
    },
  }
}
