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
 *
 * `none` or an empty string means no faults. Shares are fractions in [0, 1].
 * The 5xx draw comes first; a request that escapes it gets its own drop draw,
 * so `5xx=1,drop=1` answers 503 every time.
 */
export interface FaultSettings {
  latencyMinMs: number
  latencyMaxMs: number
  /** Share of requests answered 503 without doing the work. */
  errorShare: number
  /** Share of requests that do the work, commit, then drop the connection. */
  dropShare: number
}

export const noFaults: Readonly<FaultSettings> = Object.freeze({ latencyMinMs: 0, latencyMaxMs: 0, errorShare: 0, dropShare: 0 })

const maxLatencyMs = 600_000

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

/** Parses `latency=20-80,5xx=0.1,drop=0.05`; throws an Error naming the bad part. */
export function parseFaultSpec(spec: string): FaultSettings {
  const settings: FaultSettings = { ...noFaults }
  const trimmed = spec.trim()
  if (trimmed === '' || trimmed === 'none') return settings
  const seen = new Set<string>()
  for (const rawPart of trimmed.split(',')) {
    const part = rawPart.trim()
    const eq = part.indexOf('=')
    if (eq <= 0) throw new Error(`fault spec: expected key=value, got "${part}" (keys: latency, 5xx, drop)`)
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
      default:
        throw new Error(`fault spec: unknown key "${key}" (keys: latency, 5xx, drop)`)
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
  return s
}

export type FaultDecision = { latencyMs: number; outcome: 'serve' | 'error' | 'drop' }

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
    const { latencyMinMs, latencyMaxMs, errorShare, dropShare } = this.current
    const latencyMs = latencyMaxMs > latencyMinMs ? this.prng.int(latencyMinMs, latencyMaxMs) : latencyMinMs
    if (this.draw(errorShare)) return { latencyMs, outcome: 'error' }
    if (this.draw(dropShare)) return { latencyMs, outcome: 'drop' }
    return { latencyMs, outcome: 'serve' }
  }
}
