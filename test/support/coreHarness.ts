import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { EventName, RequestInput, RequestName, RequestOutput } from '@shared/contract'
import { dispatch } from '@shared/dispatch'
import { AppError } from '@shared/errors'
import { createCore, type Core } from '@core/createCore'
import type { CoreOptions } from '@core/coreOptions'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'

/** A core as a runner builds it, called through the contract like the renderer calls it. */
export interface CoreHarness {
  core: Core
  secrets: MemorySecretStore
  call<N extends RequestName>(name: N, input?: RequestInput<N>): Promise<RequestOutput<N>>
  /** Events received so far, by name (none kept when the harness was told not to). */
  seen(name: EventName): unknown[]
  close(): Promise<void>
}

/**
 * `keepEvents: false` for a bench: kept, every delta the core emits stays in the heap for the run, and the
 * collections of a long run's heap were the slowest percent of its commits.
 */
export async function coreHarness(
  dataDir: string,
  options: Partial<CoreOptions> = {},
  { keepEvents = true }: { keepEvents?: boolean } = {},
): Promise<CoreHarness> {
  const secrets = new MemorySecretStore()
  const core = await createCore({
    dataDir,
    secrets,
    runner: 'cli',
    version: '0.0.0-test',
    requestTimeoutMs: 5000,
    background: false,
    ...options,
  })
  const events: { name: EventName; payload: unknown }[] = []
  if (keepEvents) core.events.onAny((name, payload) => events.push({ name, payload }))
  return {
    core,
    secrets: (options.secrets as MemorySecretStore | undefined) ?? secrets,
    async call(name, input) {
      const res = await dispatch(core.handlers, name, input)
      if (!res.ok) throw AppError.fromPayload(res.error)
      return res.value as never
    },
    seen: (name) => {
      if (!keepEvents) throw new Error('this harness keeps no events')
      return events.filter((e) => e.name === name).map((e) => e.payload)
    },
    close: () => core.close(),
  }
}

/** Every file under a folder whose bytes contain `needle` (to prove a secret was not written). */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) hits.push(...filesContaining(path, needle))
    else if (readFileSync(path).includes(needle)) hits.push(path)
  }
  return hits
}
