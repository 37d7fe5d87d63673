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
  start(): Promise<TrainingService>
  /** Puts the training company back to its seed. */
  reset(): Promise<void>
  stop(): Promise<void>
}
