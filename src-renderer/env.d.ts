/// <reference types="vite/client" />
import type { Bridge } from '@shared/contract/transport'
import type { DesktopBridge } from '@shared/desktop'
import type { PrinterBridge } from '@shared/printing'

declare global {
  interface Window {
    /** Present only inside Electron, where the preload exposes the contract. */
    mostrador?: Bridge
    /** Present only inside Electron: the calls only the desktop app answers (the camera's gate). */
    mostradorDesktop?: DesktopBridge
    /** Present only inside Electron: the station's printers and a print without a dialog. */
    mostradorPrinter?: PrinterBridge
  }
}
