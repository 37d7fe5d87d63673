import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { z } from 'zod'

const PRODUCT = 'Mostrador'

/**
 * The OS app-data folder Electron uses for this app (`app.getPath('userData')`),
 * so the app, the browser host and the CLI share one data folder by default.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.MOSTRADOR_DATA_DIR) return env.MOSTRADOR_DATA_DIR
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT)
}

/**
 * The OS log folder for this user (Electron's `app.getPath('logs')` on macOS
 * and Windows; XDG's state folder on Linux), so a support person finds the
 * logs where the platform keeps them. `MOSTRADOR_LOG_DIR` overrides it.
 */
export function defaultLogDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.MOSTRADOR_LOG_DIR) return env.MOSTRADOR_LOG_DIR
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), PRODUCT, 'logs')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Logs', PRODUCT)
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'mostrador', 'logs')
}

/** The folder holding package.json: the source tree, or the built app. */
export function appRoot(from: string = __dirname): string {
  let dir = from
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir)
    if (up === dir) throw new Error(`package.json not found above ${from}`)
    dir = up
  }
  return dir
}

const packageJson = z.object({ version: z.string().min(1) })

/** The version package.json states; a package.json without one is a broken build, said so by name. */
export function appVersion(root: string = appRoot()): string {
  const file = join(root, 'package.json')
  const parsed = packageJson.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`${file} states no version`)
  return parsed.data.version
}
