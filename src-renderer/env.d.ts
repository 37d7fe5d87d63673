/// <reference types="vite/client" />
import type { Bridge } from '@shared/contract'

declare global {
  interface Window {
    /** Present only inside Electron, where the preload exposes the contract. */
    mostrador?: Bridge
  }
}
