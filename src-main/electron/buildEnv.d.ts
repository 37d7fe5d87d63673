// Variables electron-vite fixes in the main build at build time (only the MAIN_VITE_ prefix reaches it).
interface ImportMetaEnv {
  /** The generic update feed, e.g. https://downloads.example.com/mostrador/; unset: updates are off. */
  readonly MAIN_VITE_UPDATE_URL?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
