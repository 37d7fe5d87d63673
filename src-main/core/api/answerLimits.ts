/**
 * How long the app waits for each kind of answer from the service, and how
 * much of it it reads: every request has a deadline for the whole exchange
 * (headers and body), an answer that stops moving is cut, and an answer
 * larger than its kind can be is stopped before it fills the memory. A shop's
 * line may be slow (a few hundred kbit/s on a bad day); these figures let a
 * healthy answer through on such a line and cut a service that hangs,
 * trickles or runs away.
 */
export type AnswerKind = 'heartbeat' | 'record' | 'list' | 'file' | 'page' | 'streamedList'

export interface AnswerLimits {
  /** From the request leaving to the answer's last byte. */
  totalMs: number
  /** The longest wait for the connection and the headers, then for each `progressBytes` of the body. */
  stallMs: number
  /** What counts as progress: an answer bringing less within `stallMs` is a trickle, and cut. */
  progressBytes: number
  /** The most of the answer read: beyond it the read stops and the answer is refused as too large. */
  maxBytes: number
}

export type AnswerLimitOverrides = Partial<Record<AnswerKind, Partial<AnswerLimits>>>

const KiB = 1024
const MiB = 1024 * KiB

export const defaultAnswerLimits: Readonly<Record<AnswerKind, Readonly<AnswerLimits>>> = {
  // The idle heartbeat (a HEAD, no body): the status bar must tell a hanging service within 30 s, so its
  // question cannot wait a record's half minute. A healthy service answers a HEAD in well under a second.
  heartbeat: { totalMs: 8_000, stallMs: 8_000, progressBytes: 1, maxBytes: 64 * KiB },
  // One record, a write's answer, the GraphQL token: a few kB (a bundle with hundreds of lines stays under
  // 1 MB). A clerk waiting longer than half a minute is better told that the service is slow.
  record: { totalMs: 30_000, stallMs: 15_000, progressBytes: KiB, maxBytes: 2 * MiB },
  // A list or a GraphQL query read whole (bookings, orders, the GraphQL console): it is held and parsed at
  // once, so the cap is what the app can afford to hold; two minutes carry it on a line of ~2 Mbit/s.
  list: { totalMs: 120_000, stallMs: 15_000, progressBytes: KiB, maxBytes: 32 * MiB },
  // A file sent (a bundle's image): the answer starts only once the whole file is up and stored, so the
  // wait for it is long; the socket staying busy while it goes up is not a stall.
  file: { totalMs: 300_000, stallMs: 60_000, progressBytes: KiB, maxBytes: 25 * MiB },
  // A page of the catalogue pull (5,000 rows, ~10 MB of bundles), held and parsed whole as a list is: the
  // same cap. The stall allows for the page's query on the service.
  page: { totalMs: 600_000, stallMs: 60_000, progressBytes: 16 * KiB, maxBytes: 32 * MiB },
  // The REST list of every bundle (~100 MB for 100,000 bundles), streamed: legitimately large and slow on a
  // poor line, so it is judged by its progress (16 kB every two minutes at least, the service's first byte
  // included) and only a generous hour in all; its cap is ten times the largest catalogue known.
  streamedList: { totalMs: 3_600_000, stallMs: 120_000, progressBytes: 16 * KiB, maxBytes: 1024 * MiB },
}

/** The most of a refusal's body read (a 4xx or 5xx): past it, the refusal is told by its status alone. */
export const refusalMaxBytes = 64 * KiB

/**
 * The limits in force: the defaults, with `waitMs` (the core's requestTimeoutMs, short in tests) as every
 * kind's stall and the whole deadline of records and lists, then `overrides` per kind.
 */
export function answerLimits(waitMs?: number, overrides: AnswerLimitOverrides = {}): Record<AnswerKind, AnswerLimits> {
  const table = {} as Record<AnswerKind, AnswerLimits>
  for (const kind of Object.keys(defaultAnswerLimits) as AnswerKind[]) {
    // The heartbeat keeps its own short deadline: it is what judges a hanging service in time.
    const wait =
      waitMs === undefined || kind === 'heartbeat'
        ? {}
        : { stallMs: waitMs, ...(kind === 'record' || kind === 'list' ? { totalMs: waitMs } : {}) }
    table[kind] = { ...defaultAnswerLimits[kind], ...wait, ...overrides[kind] }
  }
  return table
}

/** A size for a person: 2 MB, 512 kB, 100 bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= MiB) return `${Math.round(bytes / MiB)} MB`
  return bytes >= KiB ? `${Math.round(bytes / KiB)} kB` : `${bytes} bytes`
}
