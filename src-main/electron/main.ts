import { useNativeBinding } from '@base/sqlite'
import { createCore } from '@core/createCore'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'
import { createTrainingLauncher } from '@sandbox/trainingLauncher'
import { startApp } from './startApp'
import { createElectronUpdater } from './updater'

// The Electron entry (out/main/index.js): only wiring; the lifecycle is in startApp.
startApp({
  createCore,
  createSecretStore: () => new KeychainSecretStore(),
  createTrainingLauncher,
  useNativeBinding,
  // Fixed when the app is built: MAIN_VITE_UPDATE_URL=https://… npm run package. Unset: updates off.
  createUpdater: () => createElectronUpdater({ feedUrl: import.meta.env.MAIN_VITE_UPDATE_URL }),
  mainDir: __dirname,
  electronVersion: process.versions.electron,
  env: process.env,
})
