/// <reference types="vite/client" />
import type { Bridge } from '@shared/contract/transport'
import type { PrinterBridge } from '@shared/printing'

declare global {
  interface Window {
    /** Present only inside Electron, where the preload exposes the contract. */
    mostrador?: Bridge
    /** Present only inside Electron: the station's printers and a print without a dialog. */
    mostradorPrinter?: PrinterBridge
  }
}
