import { rm } from 'node:fs/promises'
import type { SessionStatus } from '@shared/domain'
import { AppError } from '@shared/errors'
import type { AnswerLimitOverrides } from '../api/answerLimits'
import { GraphqlClient } from '../api/graphqlClient'
import { fetchProfile } from '../api/profileApi'
import { heartbeat } from '../api/heartbeat'
import { RestClient, type ContactListener, type ContactOutcome, type ServiceAccount } from '../api/restClient'
import { ServiceClock } from '../api/serviceClock'
import { checkServerAddress, isInsecureRemote } from '../api/serviceAddress'
import { ServiceExtensions } from '../api/serviceExtensions'
import { keptClockOffset, keepClockOffset } from '../cache/keptClockOffset'
import { accountMigrations } from '../cache/migrations'
import { openChecked } from '../cache/openChecked'
import { accountCacheFile, accountFolder, normaliseServerUrl } from '../cache/partition'
import type { Sqlite } from '@base/sqlite'
import type { CoreEvents } from '../events'
import type { SecretStore } from '../secrets/secretStore'
import { secretAccount } from '../secrets/secretStore'
import type { SettingsStore } from '../settingsStore'
import type { TrainingLauncher } from '@base/training'
import type { ConnectionMonitor } from './connectionMonitor'
import type { Logger } from '../logging/logger'
import type { DataNotices } from '../cache/dataNotices'

/** Everything that exists only while someone is signed in. */
export interface ActiveSession {
  readonly account: ServiceAccount
  readonly training: boolean
  readonly rest: RestClient
  readonly graphql: GraphqlClient
  /** What this server offers beyond the real service's documented GraphQL (our sandbox's extensions). */
  readonly extensions: ServiceExtensions
  /** account.sqlite: what the app keeps of this user for offline use. */
  readonly accountDb: Sqlite
  /** The service's clock as its answers show it (never the computer's for what the service stamped). */
  readonly clock: ServiceClock
  /** What the clients tell the core (the line's state, the service's time, log lines): a client in another thread tells it the same. */
  readonly heard: ClientHooks
}

export interface ClientHooks {
  onContact: ContactListener
  /** The words' order (api/contactOrder.ts), for a client in another thread to stamp what it hears. */
  contactOrder: SharedArrayBuffer
  onServiceTime: (offsetMs: number | null) => void
  log: Logger | undefined
}

export interface SessionDeps {
  dataDir: string
  secrets: SecretStore
  settings: SettingsStore
  events: CoreEvents
  connection: ConnectionMonitor
  training?: TrainingLauncher
  timeoutMs?: number
  answerLimits?: AnswerLimitOverrides
  now: () => Date
  log?: Logger
  /** Told when a damaged account.sqlite is set aside. */
  notices?: DataNotices
}

/**
 * Who is signed in. A real account's token goes to the OS keychain and nowhere
 * else; training credentials stay in memory. Signing in checks the token with
 * the service; restarting the app restores the last account from the keychain
 * without needing the network (the counter must work offline).
 */
export class SessionService {
  private active: ActiveSession | null = null

  private readonly folderHolders: (() => Promise<void> | void)[] = []

  constructor(private readonly deps: SessionDeps) {}

  /** `letGo` releases files of the account's folder (the caches, a pull's thread): called before the folder is removed. */
  beforeRemovingFolder(letGo: () => Promise<void> | void): void {
    this.folderHolders.push(letGo)
  }

  /** At start: the last real account, if the keychain still holds its token. */
  async restore(): Promise<void> {
    const last = this.deps.settings.get().lastAccount
    if (!last) return
    let token: string | null
    try {
      token = await this.deps.secrets.get(secretAccount(last.serverUrl, last.email))
    } catch {
      // Keychain unavailable: stay signed out; signing in will say why.
      return
    }
    // An address kept by a version that allowed plain http to another computer, without the lab's opt-in, is
    // not used again: the clerk signs in once more and reads why.
    if (isInsecureRemote(last.serverUrl) && !last.insecureHttp) return
    if (token) this.activate({ serverUrl: last.serverUrl, email: last.email, token }, false)
  }

  status(): SessionStatus {
    if (!this.active) {
      const last = this.deps.settings.get().lastAccount
      return { state: 'signed_out', lastServerUrl: last?.serverUrl ?? null, lastEmail: last?.email ?? null }
    }
    return {
      state: 'signed_in',
      training: this.active.training,
      serverUrl: this.active.account.serverUrl,
      email: this.active.account.email,
      insecureHttp: isInsecureRemote(this.active.account.serverUrl),
      ...(this.active.training ? { trainingLineDown: this.deps.training?.lineIsDown() ?? false } : {}),
    }
  }

  /** The secrets this process holds (token, JWT), so a support bundle can be searched for them; never shown. */
  knownSecrets(): string[] {
    if (!this.active) return []
    const jwt = this.active.graphql.heldJwt()
    return jwt ? [this.active.account.token, jwt] : [this.active.account.token]
  }

  /** The service's clock minus this computer's, or null signed out or before any answer said. */
  clockOffsetMs(): number | null {
    return this.active?.clock.offsetMs() ?? null
  }

  require(): ActiveSession {
    if (!this.active) throw new AppError('signed_out')
    return this.active
  }

  async signIn(input: { serverUrl: string; email: string; token: string; insecureHttp?: boolean }): Promise<SessionStatus> {
    const account: ServiceAccount = {
      serverUrl: normaliseServerUrl(input.serverUrl),
      email: input.email.trim(),
      token: input.token.trim(),
    }
    // Before the token leaves this computer for the first time.
    const insecureHttp = input.insecureHttp === true
    checkServerAddress(account.serverUrl, insecureHttp)
    // The token is checked before it is kept anywhere.
    // Even a mistyped token is a secret: scrubbed before the first request is logged.
    this.deps.log?.addSecret(account.token)
    const probe = new RestClient(account, {
      timeoutMs: this.deps.timeoutMs,
      limits: this.deps.answerLimits,
      order: this.deps.connection.order,
      onContact: (outcome, asked) => this.deps.connection.record(outcome, asked),
      log: this.deps.log?.child({ area: 'api' }),
    })
    await fetchProfile(probe)
    await this.deps.secrets.set(secretAccount(account.serverUrl, account.email), account.token)
    await this.deactivate()
    this.deps.settings.update((s) => ({
      ...s,
      lastAccount: { serverUrl: account.serverUrl, email: account.email, insecureHttp },
    }))
    this.activate(account, false)
    this.deps.connection.record('answered')
    return this.changed()
  }

  /**
   * Uses credentials handed over by the caller (the CLI's MOSTRADOR_EMAIL and
   * MOSTRADOR_TOKEN) for this process only: nothing is stored and nothing is
   * checked until the first request, so offline commands still work. The address is checked as at sign-in
   * (`--insecure-http` is the lab's opt-in).
   */
  async adopt(account: ServiceAccount, opts: { insecureHttp?: boolean } = {}): Promise<SessionStatus> {
    const serverUrl = normaliseServerUrl(account.serverUrl)
    checkServerAddress(serverUrl, opts.insecureHttp === true)
    await this.deactivate()
    this.activate({ ...account, serverUrl }, false)
    return this.status()
  }

  async startTraining(): Promise<SessionStatus> {
    const launcher = this.requireTraining()
    const service = await launcher.start()
    await this.deactivate()
    this.activate({ serverUrl: service.url, email: service.email, token: service.token }, true)
    this.deps.connection.record('answered')
    return this.changed()
  }

  /** Back to the training company's seed, with the line up again; the training cache goes with it. */
  async resetTraining(): Promise<SessionStatus> {
    const launcher = this.requireTraining()
    if (!this.active?.training) throw new AppError('bad_input', { detail: 'training mode is not running' })
    const { account } = this.active
    await this.deactivate()
    // Windows deletes no file a program holds open: whatever holds one in the folder lets go of it first.
    for (const letGo of this.folderHolders) await letGo()
    await launcher.reset()
    // A virus scanner's or the indexer's brief hold on a file is waited out (Node retries EBUSY and EPERM).
    await rm(accountFolder(this.deps.dataDir, { ...account, training: true }), {
      recursive: true,
      force: true,
      maxRetries: 5,
      retryDelay: 200,
    })
    const service = await launcher.start()
    this.activate({ serverUrl: service.url, email: service.email, token: service.token }, true)
    return this.changed()
  }

  /**
   * Training's "Simular sin conexión": drops the training service's line (every connection refused) or
   * brings it back, for a clerk to practise saving offline and the sync after. Refused outside training:
   * a real service's line is never touched. The session stays as it is; the connection state learns of
   * the change as it would of a real line, by asking.
   */
  async setTrainingLine(up: boolean): Promise<SessionStatus> {
    const launcher = this.requireTraining()
    const active = this.active
    if (!active?.training) throw new AppError('bad_input', { detail: 'the line can be dropped only in training mode' })
    if (!up) await launcher.dropLine()
    else {
      const service = await launcher.start()
      // Its address was taken meanwhile (rare): the session follows it; training keeps one cache whatever the address.
      if (service.url !== active.account.serverUrl) {
        await this.deactivate()
        this.activate({ serverUrl: service.url, email: service.email, token: service.token }, true)
        return this.changed()
      }
    }
    return this.status()
  }

  async signOut(): Promise<SessionStatus> {
    const active = this.active
    if (!active) return this.status()
    await this.deactivate()
    if (active.training) await this.deps.training?.stop()
    else await this.deps.secrets.delete(secretAccount(active.account.serverUrl, active.account.email))
    return this.changed()
  }

  async close(): Promise<void> {
    const training = this.active?.training
    await this.deactivate()
    if (training) await this.deps.training?.stop()
  }

  private activate(account: ServiceAccount, training: boolean): void {
    const onContact = (outcome: ContactOutcome, stamp?: number) => this.deps.connection.record(outcome, stamp)
    const log = this.deps.log?.child({ area: 'api' })
    // The live token is scrubbed from every log line from the moment the session holds it.
    log?.addSecret(account.token)
    this.deps.log?.info('session active', { server: account.serverUrl, email: account.email, training })
    // Damaged, it is set aside and started afresh: it holds only what the service gives again (profile, memberships).
    const opened = openChecked(accountCacheFile(this.deps.dataDir, { ...account, training }), accountMigrations, this.deps.now())
    if (opened.setAside) this.deps.notices?.account(opened.setAside.path, opened.setAside.found.damage, this.deps.now())
    const accountDb = opened.db
    const clock = new ServiceClock(keptClockOffset(accountDb), (offsetMs) => {
      keepClockOffset(accountDb, offsetMs, this.deps.now())
      this.deps.connection.noteClockOffset(offsetMs)
    })
    this.deps.connection.noteClockOffset(clock.offsetMs())
    const onServiceTime = (offsetMs: number | null) => clock.observe(offsetMs)
    const limits = { timeoutMs: this.deps.timeoutMs, limits: this.deps.answerLimits, order: this.deps.connection.order }
    const rest = new RestClient(account, { ...limits, onContact, onServiceTime, log })
    // The JWT's expiry is stamped in the service's clock.
    const serviceNow = () => new Date(this.deps.now().getTime() + (clock.offsetMs() ?? 0))
    const graphql = new GraphqlClient(rest, { ...limits, now: serviceNow, onContact, onServiceTime, log })
    const extensions = new ServiceExtensions((query) => graphql.query(query))
    this.active = {
      account,
      training,
      rest,
      graphql,
      extensions,
      accountDb,
      clock,
      heard: { onContact, contactOrder: this.deps.connection.order.shared, onServiceTime, log },
    }
    this.deps.connection.watch(() => heartbeat(rest))
  }

  private async deactivate(): Promise<void> {
    this.active?.accountDb.close()
    this.active = null
    this.deps.connection.watch(null)
    this.deps.connection.noteClockOffset(null)
  }

  private requireTraining(): TrainingLauncher {
    if (!this.deps.training) throw new AppError('bad_input', { detail: 'training mode is not available here' })
    return this.deps.training
  }

  private changed(): SessionStatus {
    const status = this.status()
    this.deps.events.emit('session.changed', status)
    return status
  }
}
