/// <reference types="vite/client" />
import type { Bridge } from '@shared/contract/transport'

declare global {
  interface Window {
    /** Present only inside Electron, where the preload exposes the contract. */
    mostrador?: Bridge
  }
}
