/**
 * Training mode runs the sandbox service inside the app. The runner (Electron,
 * browser host, CLI) supplies this launcher; the core only starts, resets and
 * stops it, and keeps the credentials it returns in memory.
 */
export interface TrainingService {
  url: string
  email: string
  token: string
}

export interface TrainingLauncher {
  /** Starts the service, or brings it back at its address after `dropLine`. */
  start(): Promise<TrainingService>
  /** Puts the training company back to its seed. */
  reset(): Promise<void>
  stop(): Promise<void>
  /**
   * "Simular sin conexión": the service stops listening, so every connection to its address is refused
   * exactly as on a dropped line, and its data stays as it is; `start` brings it back.
   */
  dropLine(): Promise<void>
  /** Whether the line is dropped (until the next start or stop). */
  lineIsDown(): boolean
}
