import { createPrng, type Prng } from './prng'

/**
 * Faults the sandbox injects into the service endpoints (REST and GraphQL,
 * never the control door), so the client's retry and reconciliation paths can
 * be exercised on purpose.
 *
 * Spec string (command line, SandboxOptions.faults): comma-separated
 * `key=value` pairs, whitespace ignored, each key at most once:
 *
 *   latency=20-80   wait 20–80 ms (uniform) before handling each request;
 *                   `latency=50` waits exactly 50 ms
 *   5xx=0.1         answer 10 % of requests with HTTP 503 {"error": …}
 *                   *without* doing the work
 *   drop=0.05       5 % of requests do the work, commit it, then lose the
 *                   connection (TCP reset) instead of answering
 *   trickle=5000    every answer goes out one byte every 5,000 ms after its
 *                   headers (the work is done first): a line that never
 *                   quite stops
 *   oversize=300    every answer is replaced by about 300 MB of JSON of its
 *                   own shape (a list stays a list, a record a record),
 *                   sent without a length (the work is done first)
 *
 * `none` or an empty string means no faults. Shares are fractions in [0, 1].
 * The 5xx draw comes first; a request that escapes it gets its own drop draw,
 * so `5xx=1,drop=1` answers 503 every time. Trickle and oversize shape every
 * answer that is sent (a 503 of `5xx` too), an oversized one trickles when
 * both are set; a dropped one is never sent.
 */
export interface FaultSettings {
  latencyMinMs: number
  latencyMaxMs: number
  /** Share of requests answered 503 without doing the work. */
  errorShare: number
  /** Share of requests that do the work, commit, then drop the connection. */
  dropShare: number
  /** Milliseconds between the bytes of every answer; 0 sends answers whole. */
  trickleEveryMs: number
  /** Every answer replaced by about this many MB (MiB) of JSON of its shape; 0 leaves answers alone. */
  oversizeMb: number
}

export const noFaults: Readonly<FaultSettings> = Object.freeze({
  latencyMinMs: 0,
  latencyMaxMs: 0,
  errorShare: 0,
  dropShare: 0,
  trickleEveryMs: 0,
  oversizeMb: 0,
})

const maxLatencyMs = 600_000
/** 4 GB: far beyond any cap of the client, still a size a test can ask for. */
const maxOversizeMb = 4096
const keys = 'keys: latency, 5xx, drop, trickle, oversize'

function parseShare(key: string, raw: string): number {
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`fault spec: ${key} must be a share between 0 and 1 (e.g. ${key}=0.1), got "${raw}"`)
  }
  return value
}

function parseMs(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`fault spec: latency must be whole milliseconds like latency=20-80 or latency=50, got "${raw}"`)
  return Number(raw)
}

/** A whole number for `key`, said with an example when it is not one. */
function parseWhole(key: string, raw: string, example: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`fault spec: ${key} must be ${example}, got "${raw}"`)
  return Number(raw)
}

/** Parses `latency=20-80,5xx=0.1,drop=0.05,trickle=5000,oversize=300`; throws an Error naming the bad part. */
export function parseFaultSpec(spec: string): FaultSettings {
  const settings: FaultSettings = { ...noFaults }
  const trimmed = spec.trim()
  if (trimmed === '' || trimmed === 'none') return settings
  const seen = new Set<string>()
  for (const rawPart of trimmed.split(',')) {
    const part = rawPart.trim()
    const eq = part.indexOf('=')
    if (eq <= 0) throw new Error(`fault spec: expected key=value, got "${part}" (${keys})`)
    const key = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (seen.has(key)) throw new Error(`fault spec: "${key}" is given twice`)
    seen.add(key)
    switch (key) {
      case 'latency': {
        const [lo, hi, ...rest] = value.split('-').map((s) => s.trim())
        if (rest.length > 0 || lo === undefined) throw new Error(`fault spec: latency must look like 20-80 or 50, got "${value}"`)
        settings.latencyMinMs = parseMs(lo)
        settings.latencyMaxMs = hi === undefined ? settings.latencyMinMs : parseMs(hi)
        break
      }
      case '5xx':
        settings.errorShare = parseShare(key, value)
        break
      case 'drop':
        settings.dropShare = parseShare(key, value)
        break
      case 'trickle':
        settings.trickleEveryMs = parseWhole(key, value, 'whole milliseconds between bytes like trickle=5000')
        break
      case 'oversize':
        settings.oversizeMb = parseWhole(key, value, 'whole megabytes like oversize=300')
        break
      default:
        throw new Error(`fault spec: unknown key "${key}" (${keys})`)
    }
  }
  return validateFaultSettings(settings)
}

/** The spec string for a setting, so the control door can show what is active in the same words. */
export function formatFaultSpec(s: FaultSettings): string {
  const parts: string[] = []
  if (s.latencyMaxMs > 0)
    parts.push(s.latencyMinMs === s.latencyMaxMs ? `latency=${s.latencyMinMs}` : `latency=${s.latencyMinMs}-${s.latencyMaxMs}`)
  if (s.errorShare > 0) parts.push(`5xx=${s.errorShare}`)
  if (s.dropShare > 0) parts.push(`drop=${s.dropShare}`)
  if (s.trickleEveryMs > 0) parts.push(`trickle=${s.trickleEveryMs}`)
  if (s.oversizeMb > 0) parts.push(`oversize=${s.oversizeMb}`)
  return parts.length === 0 ? 'none' : parts.join(',')
}

export function validateFaultSettings(s: FaultSettings): FaultSettings {
  const ms = (name: string, v: number): void => {
    if (!Number.isInteger(v) || v < 0 || v > maxLatencyMs)
      throw new Error(`faults: ${name} must be whole milliseconds between 0 and ${maxLatencyMs}, got ${v}`)
  }
  const share = (name: string, v: number): void => {
    if (!Number.isFinite(v) || v < 0 || v > 1) throw new Error(`faults: ${name} must be between 0 and 1, got ${v}`)
  }
  ms('latencyMinMs', s.latencyMinMs)
  ms('latencyMaxMs', s.latencyMaxMs)
  if (s.latencyMinMs > s.latencyMaxMs)
    throw new Error(`faults: latency minimum ${s.latencyMinMs} ms is above the maximum ${s.latencyMaxMs} ms`)
  share('errorShare', s.errorShare)
  share('dropShare', s.dropShare)
  ms('trickleEveryMs', s.trickleEveryMs)
  if (!Number.isInteger(s.oversizeMb) || s.oversizeMb < 0 || s.oversizeMb > maxOversizeMb)
    throw new Error(`faults: oversizeMb must be whole megabytes between 0 and ${maxOversizeMb}, got ${s.oversizeMb}`)
  return s
}

/** What happens to one request; trickleEveryMs and oversizeMb shape its answer (0: not). */
export type FaultDecision = { latencyMs: number; outcome: 'serve' | 'error' | 'drop'; trickleEveryMs: number; oversizeMb: number }

/**
 * Holds the active faults and draws a decision per request. Draws use a PRNG
 * seeded from the sandbox seed, so a single client's run is reproducible;
 * shares of exactly 0 and 1 never consult it.
 */
export class FaultInjector {
  private current: FaultSettings
  private readonly prng: Prng

  constructor(initial: FaultSettings = noFaults, seed = 1) {
    this.current = validateFaultSettings({ ...initial })
    this.prng = createPrng(seed, 'faults')
  }

  get settings(): FaultSettings {
    return { ...this.current }
  }

  /** Merges a partial change; an invalid result throws and leaves the active faults alone. */
  update(change: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.current }
    for (const key of Object.keys(noFaults) as (keyof FaultSettings)[]) {
      const value = change[key]
      if (value !== undefined) next[key] = value
    }
    // Raising only the minimum above the old maximum means "at least this much".
    if (change.latencyMinMs !== undefined && change.latencyMaxMs === undefined && next.latencyMaxMs < next.latencyMinMs) {
      next.latencyMaxMs = next.latencyMinMs
    }
    this.current = validateFaultSettings(next)
    return this.settings
  }

  replace(settings: FaultSettings): FaultSettings {
    this.current = validateFaultSettings({ ...settings })
    return this.settings
  }

  private draw(share: number): boolean {
    if (share <= 0) return false
    if (share >= 1) return true
    return this.prng.next() < share
  }

  decide(): FaultDecision {
    const { latencyMinMs, latencyMaxMs, errorShare, dropShare, trickleEveryMs, oversizeMb } = this.current
    const latencyMs = latencyMaxMs > latencyMinMs ? this.prng.int(latencyMinMs, latencyMaxMs) : latencyMinMs
    const shape = { trickleEveryMs, oversizeMb }
    if (this.draw(errorShare)) return { latencyMs, outcome: 'error', ...shape }
    if (this.draw(dropShare)) return { latencyMs, outcome: 'drop', ...shape }
    return { latencyMs, outcome: 'serve', ...shape }
  }
}
