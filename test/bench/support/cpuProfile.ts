import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SourceMapConsumer } from 'source-map-js'

/** A V8 CPU profile as Chromium's Profiler.stop gives it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

export interface TimeBySource {
  /** Milliseconds in each source's own code, and with what it called. */
  self: Map<string, number>
  inclusive: Map<string, number>
  /** Whether the renderer was built with source maps (MOSTRADOR_SOURCEMAPS=1): else chunks, not sources, are named. */
  mapped: boolean
  /** Where the count stopped, from the profile's start: the first sample in `until`, else the end. */
  untilMs: number
}

const engine = new Set(['(program)', '(idle)', '(garbage collector)', '(root)'])

/**
 * Where a profiled load's time went, by source: a package (naive-ui by component) or a file of ours,
 * read through the build's source maps; for finding what to take off a first screen.
 */
export function timeBySource(profile: CpuProfile, assetsDir: string, until?: string): TimeBySource {
  const maps = new Map<string, SourceMapConsumer | null>()
  const consumer = (url: string): SourceMapConsumer | null => {
    const file = url.replace(/.*\/assets\//, '')
    if (!maps.has(file)) {
      const map = join(assetsDir, `${file}.map`)
      maps.set(file, file.endsWith('.js') && existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null)
    }
    return maps.get(file)!
  }
  const sourceOf = new Map<number, string>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    let source = engine.has(functionName) ? functionName : url ? url.replace(/.*\//, '') : functionName || '(native)'
    const map = url ? consumer(url) : null
    const original = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber })
    if (original?.source) source = group(original.source)
    sourceOf.set(node.id, source)
  }
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

  const functionOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]))
  const stackHas = (id: number, name: string) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (functionOf.get(at) === name) return true
    return false
  }
  const end = until === undefined ? -1 : profile.samples.findIndex((id) => stackHas(id, until))
  const samples = end < 0 ? profile.samples : profile.samples.slice(0, end)

  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms)
  let untilMs = 0
  samples.forEach((id, k) => {
    untilMs += profile.timeDeltas[k]! / 1000
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000
    add(self, sourceOf.get(id)!, ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const source = sourceOf.get(at)!
      if (!seen.has(source)) add(inclusive, source, ms)
      seen.add(source)
    }
  })
  return { self, inclusive, mapped: [...maps.values()].some((m) => m !== null), untilMs }
}

/** node_modules/naive-ui/es/button/src/Button.mjs → naive-ui/button; src-renderer/… stays as it is. */
function group(source: string): string {
  const path = source.replace(/^(\.\.\/)+/, '')
  const inModules = path.split('node_modules/').at(-1)!
  if (inModules === path) return path
  const [scopeOrName, name, ...rest] = inModules.split('/')
  if (scopeOrName === 'naive-ui') return `naive-ui/${rest[0] ?? name}`
  return scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!
}

export function topLines(times: Map<string, number>, count: number): string[] {
  return [...times]
    .filter(([source]) => source !== '(root)' && source !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([source, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${source}`)
}
