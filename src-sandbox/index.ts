import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxClock } from './clock'
import type { SandboxContext } from './context'
import { FaultInjector, noFaults, parseFaultSpec, type FaultSettings } from './faults'
import { GraphqlExecutor } from './graphql/executeGraphql'
import { sandboxSchema, sandboxTables } from './graphql/sandboxSchema'
import { createServer } from './http/createServer'
import { listUsers } from './model/users'
import type { SandboxScale } from './seed/seedParams'
import { SandboxStore } from './store/sandboxStore'

export { parseFaultSpec, formatFaultSpec } from './faults'
export type { FaultSettings } from './faults'
export type { SandboxScale } from './seed/seedParams'
export { sandboxScales } from './seed/seedParams'

export interface SandboxOptions {
  /** 0 or absent: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Absent: a fresh temporary folder, removed on close. With a folder, the store is `<dataDir>/sandbox.sqlite` and survives restarts. */
  dataDir?: string
  /** small (default): about 300 items per entity; large: 50,000 items in the first entity. */
  scale?: SandboxScale
  /** A spec string (`latency=20-80,5xx=0.1,drop=0.05`, see faults.ts) or settings. */
  faults?: string | FaultSettings
  /** Seed of the demo data and of the fault draws (default 1). */
  seed?: number
  /**
   * true: also serve what only the sandbox has (tags, POS settings, transfer
   * requests…: ADDITIONS.md, "Extensions"); training mode uses them. false:
   * only what the real service offers. Default: on, unless the environment
   * says MOSTRADOR_SANDBOX_EXTENSIONS=off (the test suite's second run).
   */
  extensions?: boolean
}

/** The default of SandboxOptions.extensions. */
export function extensionsByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MOSTRADOR_SANDBOX_EXTENSIONS !== 'off'
}

export interface DemoUser {
  email: string
  token: string
  name: string
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:PORT, no trailing slash. */
  url: string
  /** Whether it serves its extensions (see SandboxOptions.extensions). */
  extensions: boolean
  graphqlUrl: string
  /** The users of the store, first the one training mode signs in as. */
  users: DemoUser[]
  /** Changes the named fault settings; throws on an invalid result and keeps the old ones. */
  setFaults(f: Partial<FaultSettings>): void
  /** Puts the data back to the seed (same seed and scale); faults and clock stay. */
  reset(): Promise<void>
  /** Stops serving and closes the store; safe to call more than once. */
  close(): Promise<void>
}

export const storeFileName = 'sandbox.sqlite'

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

/** Starts the sandbox service: opens (or seeds) its store and listens. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = opts.seed ?? 1
  const faults = new FaultInjector(noFaults, seed)
  if (typeof opts.faults === 'string') faults.replace(parseFaultSpec(opts.faults))
  else if (opts.faults) faults.update(opts.faults)

  const extensions = opts.extensions ?? extensionsByDefault()
  const ownsDir = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'mostrador-sandbox-')))
  const removeOwnDir = async () => {
    if (ownsDir) await rm(dataDir, { recursive: true, force: true })
  }

  let store: SandboxStore
  try {
    await mkdir(dataDir, { recursive: true })
    store = SandboxStore.open(join(dataDir, storeFileName), { seed: opts.seed, scale: opts.scale })
  } catch (err) {
    await removeOwnDir()
    throw err
  }

  const ctx: SandboxContext = {
    store,
    clock: new SandboxClock(),
    faults,
    graphql: new GraphqlExecutor(sandboxSchema({ extensions })),
    extensions,
    tables: sandboxTables(),
  }
  const app = createServer(ctx)
  const host = opts.host ?? '127.0.0.1'
  try {
    await app.listen({ port: opts.port ?? 0, host })
  } catch (err) {
    await app.close().catch(() => undefined)
    store.close()
    await removeOwnDir()
    throw err
  }

  const url = `http://${urlHost(host)}:${(app.server.address() as AddressInfo).port}`
  let closing: Promise<void> | undefined
  let users: DemoUser[] = []
  const readUsers = (): DemoUser[] => {
    // After close the store is gone; the last list read stays available.
    if (closing === undefined) users = listUsers(store.db).map((u) => ({ email: u.email, token: u.token, name: u.name }))
    return users
  }
  readUsers()

  return {
    url,
    extensions,
    graphqlUrl: `${url}/v1/graphql`,
    get users() {
      return readUsers()
    },
    setFaults(f) {
      faults.update(f)
    },
    async reset() {
      if (closing) throw new Error('the sandbox is closed')
      store.reset()
    },
    close() {
      closing ??= (async () => {
        await app.close()
        store.close()
        await removeOwnDir()
      })()
      return closing
    },
  }
}
