import type { FileData } from '@shared/catalogue'
import type { DataNotice, DoctorReport, ServiceCheckReport } from '@shared/support'
import type { Runner } from '@shared/domain'
import type { SecretStore } from '../secrets/secretStore'
import type { SessionService } from '../services/sessionService'
import type { SettingsStore } from '../settingsStore'
import type { DataNotices } from '../cache/dataNotices'
import { runDoctor, type DoctorDeps } from './doctor'
import { runServiceCheck } from './serviceCheck'
import { makeSupportBundle } from './supportBundle'

export interface SupportDeps {
  dataDir: string
  logDir: string | null
  secrets: SecretStore
  session: SessionService
  settings: SettingsStore
  version: string
  runner: Runner
  now: () => Date
  notices: DataNotices
  /** The signed-in profile's time zone, when known: files are named by the clerk's clock. */
  timeZone: () => string | null
}

/** Diagnostics for the user and support: the doctor's checks and the support bundle. */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  /** `serverUrl` overrides the signed-in or last service (the CLI's --server). */
  doctor(serverUrl?: string): Promise<DoctorReport> {
    return runDoctor(this.doctorDeps(serverUrl))
  }

  /** What the signed-in server offers of what the client uses (doctor --service, Help → Diagnostics). */
  serviceCheck(): Promise<ServiceCheckReport> {
    const s = this.deps.session.require()
    return runServiceCheck({
      serverUrl: s.account.serverUrl,
      query: (query, variables) => s.graphql.query(query, variables),
      headStatus: (path) => s.rest.headStatus(path),
      now: this.deps.now,
    })
  }

  /** The damaged files this run set aside, and what came back of them. */
  notices(): DataNotice[] {
    return this.deps.notices.all()
  }

  async bundle(opts: {
    includeData: boolean
    includeSetAside?: boolean
    serverUrl?: string
  }): Promise<{ fileName: string; bytes: Uint8Array; entries: string[] }> {
    return makeSupportBundle({
      ...this.doctorDeps(opts.serverUrl),
      logDir: this.deps.logDir,
      settings: this.deps.settings.get(),
      knownSecrets: () => this.deps.session.knownSecrets(),
      includeData: opts.includeData,
      includeSetAside: opts.includeSetAside ?? false,
      timeZone: this.deps.timeZone(),
    })
  }

  /** The bundle as the contract carries files (the renderer hands it to the download). */
  async bundleFile(includeData: boolean, includeSetAside = false): Promise<FileData> {
    const made = await this.bundle({ includeData, includeSetAside })
    return { fileName: made.fileName, base64: Buffer.from(made.bytes).toString('base64') }
  }

  private doctorDeps(serverUrl?: string): DoctorDeps {
    const status = this.deps.session.status()
    const configured = status.state === 'signed_in' ? status.serverUrl : status.lastServerUrl
    return {
      dataDir: this.deps.dataDir,
      secrets: this.deps.secrets,
      serverUrl: serverUrl ?? configured ?? null,
      version: this.deps.version,
      runner: this.deps.runner,
      now: this.deps.now,
    }
  }
}
