import { useNativeBinding } from '../core/cache/sqlite'
import { createCore } from '../core/createCore'
import { KeychainSecretStore } from '../core/secrets/keychainSecretStore'
import { createTrainingLauncher } from '../sandbox/trainingLauncher'
import { startApp } from './startApp'

// The Electron entry (out/main/index.js): only wiring; the lifecycle is in startApp.
startApp({
  createCore,
  createSecretStore: () => new KeychainSecretStore(),
  createTrainingLauncher,
  useNativeBinding,
  mainDir: __dirname,
  electronVersion: process.versions.electron,
  env: process.env,
})
