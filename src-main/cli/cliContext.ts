import { type RequestInput, type RequestName, type RequestOutput } from '@shared/contract'
import { dispatch } from '@shared/dispatch'
import { AppError } from '@shared/errors'
import type { DataNotice } from '@shared/support'
import { appVersion, defaultDataDir, defaultLogDir } from '@core/appPaths'
import { normaliseServerUrl } from '@core/cache/partition'
import { createCore, type Core } from '@core/createCore'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import type { SecretStore } from '@core/secrets/secretStore'
import { SettingsStore } from '@core/settingsStore'
import type { DoctorDeps } from '@core/support/doctor'
import { UsageError, type Output } from './output'

export interface GlobalOptions {
  server?: string
  dataDir?: string
  logDir?: string
  json?: boolean
  /** A lab's explicit opt-in to plain http on another computer; https (or this computer) otherwise. */
  insecureHttp?: boolean
}

/** What a command gets: the output, and the core opened the way the options say. */
export interface CliContext {
  out: Output
  global: GlobalOptions
  dataDir: string
  /** Where the CLI and the browser host it starts write their log. */
  logDir: string
  /** Opens the core (once); `signedIn` also requires an account, from the environment or the keychain. */
  core(opts?: { signedIn?: boolean }): Promise<Core>
  /** Calls a contract entry like the renderer does, so the CLI gets the same checks. */
  call<N extends RequestName>(name: N, input?: RequestInput<N>): Promise<RequestOutput<N>>
  close(): Promise<void>
  /** What doctor needs when the core could not be opened: the folder, the secret store, the service named. */
  bareDoctorDeps(): DoctorDeps
}

/** An account given in the environment (MOSTRADOR_EMAIL and MOSTRADOR_TOKEN); without one, the keychain's is used. */
interface EnvAccount {
  email: string
  token: string
}

export function createCliContext(global: GlobalOptions, out: Output, env: NodeJS.ProcessEnv = process.env): CliContext {
  const dataDir = global.dataDir ?? defaultDataDir(env)
  const logDir = global.logDir ?? defaultLogDir(env)
  let opened: Promise<Core> | null = null
  const envEmail = env.MOSTRADOR_EMAIL?.trim()
  const envToken = env.MOSTRADOR_TOKEN?.trim()
  const account: EnvAccount | null = envEmail && envToken ? { email: envEmail, token: envToken } : null

  // With credentials in the environment the keychain is never touched.
  const secrets = account ? new MemorySecretStore() : new KeychainSecretStore()

  const ctx: CliContext = {
    out,
    global,
    dataDir,
    logDir,
    async core(opts = {}) {
      opened ??= openCore({ dataDir, logDir, secrets, out, global, env, account })
      const core = await opened
      if (opts.signedIn) requireSignedIn(core, global)
      return core
    },
    async call(name, input) {
      const core = await ctx.core()
      const envelope = await dispatch(core.handlers, name, input)
      if (!envelope.ok) throw AppError.fromPayload(envelope.error)
      return envelope.value as RequestOutput<typeof name>
    },
    async close() {
      if (opened) await (await opened.catch(() => null))?.close()
    },
    bareDoctorDeps: () => bareDoctorDeps(dataDir, secrets, global, env),
  }
  return ctx
}

interface OpenOptions {
  dataDir: string
  logDir: string
  secrets: SecretStore
  out: Output
  global: GlobalOptions
  env: NodeJS.ProcessEnv
  account: EnvAccount | null
}

async function openCore({ dataDir, logDir, secrets, out, global, env, account }: OpenOptions): Promise<Core> {
  const core = await createCore({
    dataDir,
    secrets,
    runner: 'cli',
    version: appVersion(),
    logDir,
    // A command runs once and exits; `mostrador sync` pulls when asked.
    background: false,
  })
  // A damaged cache set aside as it opened: said once, by the command that found it.
  const tell = (notice: DataNotice) => out.info(`mostrador: ${notice.message.en}`)
  for (const notice of core.services.support.notices()) tell(notice)
  core.events.on('support.dataNotice', tell)
  if (account) {
    const serverUrl = global.server ?? env.MOSTRADOR_SERVER
    if (!serverUrl) throw new UsageError('MOSTRADOR_EMAIL and MOSTRADOR_TOKEN need --server URL (or MOSTRADOR_SERVER)')
    await core.services.session.adopt({ serverUrl, email: account.email, token: account.token }, { insecureHttp: global.insecureHttp })
  }
  return core
}

/** A command that needs an account refuses before it asks anything, and refuses a --server other than the one signed in to. */
function requireSignedIn(core: Core, global: GlobalOptions): void {
  const status = core.services.session.status()
  if (status.state !== 'signed_in') {
    throw new AppError('signed_out', {
      detail: 'run "mostrador login --server URL --email E" or set MOSTRADOR_EMAIL and MOSTRADOR_TOKEN',
    })
  }
  if (global.server && normaliseServerUrl(global.server) !== status.serverUrl) {
    throw new AppError('signed_out', { detail: `signed in to ${status.serverUrl}, not ${global.server}` })
  }
}

function bareDoctorDeps(dataDir: string, secrets: SecretStore, global: GlobalOptions, env: NodeJS.ProcessEnv): DoctorDeps {
  let last: { serverUrl: string } | null = null
  try {
    last = new SettingsStore(dataDir).get().lastAccount
  } catch {
    // Settings that cannot be read here name no service: --server still does.
  }
  return {
    dataDir,
    secrets,
    serverUrl: global.server ?? env.MOSTRADOR_SERVER ?? last?.serverUrl ?? null,
    version: appVersion(),
    runner: 'cli',
    now: () => new Date(),
  }
}
