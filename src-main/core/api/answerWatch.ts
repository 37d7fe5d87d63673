import type { Readable } from 'node:stream'
import type { AxiosInstance, AxiosRequestConfig } from 'axios'
import { AppError } from '@shared/errors'
import { refusalMaxBytes, sizeText, type AnswerLimits } from './answerLimits'
import { errorFromTransport } from './serviceError'

/** An answer whose headers are in: its body still to be read, through its watch. */
export interface OpenAnswer {
  status: number
  /** The answer's Date header, when it sent one (the service's clock: serviceClock.ts). */
  date: string | undefined
  /** Where a redirect points (its Location header), as the service wrote it. */
  location: string | undefined
  body: Readable
  watch: AnswerWatch
}

/**
 * Sends one request under `limits` (the axios instance answers with a
 * stream) up to its answer's headers; a failure or a cut is thrown as the
 * AppError it is.
 */
export async function openAnswer(http: AxiosInstance, config: AxiosRequestConfig, limits: AnswerLimits, what: string): Promise<OpenAnswer> {
  const watch = new AnswerWatch(limits, what)
  // The caller's signal (an answer no longer wanted) cuts it as the watch's limits do.
  const signal = config.signal ? AbortSignal.any([watch.signal, config.signal as AbortSignal]) : watch.signal
  try {
    const response = await http.request<Readable>({ ...config, timeout: limits.stallMs, signal })
    // From the headers on, the watch judges the body: a reader busy with rows is not an idle line.
    ;(response.request as { setTimeout?: (ms: number) => void } | undefined)?.setTimeout?.(0)
    watch.answered(response.status, response.headers)
    const { date, location } = response.headers as Record<string, unknown>
    const header = (value: unknown) => (typeof value === 'string' ? value : undefined)
    return { status: response.status, date: header(date), location: header(location), body: response.data, watch }
  } catch (err) {
    watch.finish()
    throw watch.reason() ?? (err instanceof AppError ? err : errorFromTransport(err as { code?: string; message?: string }))
  }
}

/**
 * Keeps one exchange within its limits (answerLimits.ts): the whole deadline
 * from the start, the stall deadline once the headers are in (axios' own
 * timeout, the socket's idleness, covers the wait before them), and the size
 * cap as the body is counted. A cut aborts the request through `signal` and
 * is told by `reason()` as a timeout or a too-large answer, never as a
 * dropped connection.
 */
export class AnswerWatch {
  private readonly controller = new AbortController()
  private readonly total: NodeJS.Timeout
  private stall: NodeJS.Timeout | null = null
  /** When the stall window now running ends (epoch ms); its rest while the reader holds a chunk. */
  private stallEndsAt = 0
  private heldLeft: number | null = null
  private sinceProgress = 0
  private received = 0
  private cut: AppError | null = null
  private status: number | null = null
  /** The most of this answer read: its kind's cap for a success, refusalMaxBytes for a refusal. */
  private cap: number

  constructor(
    readonly limits: AnswerLimits,
    /** The request as the errors name it: "GET /profile.json". */
    private readonly what: string,
  ) {
    this.cap = limits.maxBytes
    this.total = setTimeout(
      () => this.stop(new AppError('timeout', { detail: `${what}: no complete answer within ${seconds(limits.totalMs)}` })),
      limits.totalMs,
    )
    this.total.unref()
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** What cut the exchange, when this watch did. */
  reason(): AppError | null {
    return this.cut
  }

  /**
   * The headers are in: the body must keep coming from now on. A success is
   * read up to its kind's cap, a refusal only so far (past that its status
   * speaks for it); a declared length beyond the cap is refused at once.
   */
  answered(status: number, headers: Record<string, unknown>): void {
    this.status = status
    if (status < 200 || status >= 300) this.cap = Math.min(refusalMaxBytes, this.limits.maxBytes)
    const declared = Number(headers['content-length'])
    if (headers['content-length'] !== undefined && Number.isFinite(declared) && declared > this.cap) throw this.tooLarge()
    this.armStall(this.limits.stallMs)
  }

  /** `bytes` more of the body arrived; past the cap the read is stopped. */
  take(bytes: number): void {
    this.received += bytes
    if (this.received > this.cap) throw this.tooLarge()
    this.sinceProgress += bytes
    if (this.sinceProgress >= this.limits.progressBytes) {
      this.sinceProgress = 0
      this.armStall(this.limits.stallMs)
    }
  }

  /** The reader is busy with what it got (writing rows): that time is not the service's stall. */
  hold(): void {
    if (!this.stall) return
    clearTimeout(this.stall)
    this.stall = null
    this.heldLeft = Math.max(0, this.stallEndsAt - Date.now())
  }

  resume(): void {
    if (this.heldLeft === null || this.cut) return
    const left = this.heldLeft
    this.heldLeft = null
    this.armStall(left)
  }

  /** The exchange is over, one way or another. */
  finish(): void {
    clearTimeout(this.total)
    if (this.stall) clearTimeout(this.stall)
    this.stall = null
  }

  /** The body, counted and watched chunk by chunk; a failure of the line is told as what cut it. */
  async *chunks(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body) {
        this.take(chunk.length)
        this.hold()
        yield chunk
        this.resume()
      }
      if (this.cut) throw this.cut
    } catch (err) {
      throw this.cut ?? err
    } finally {
      this.finish()
    }
  }

  private armStall(ms: number): void {
    if (this.stall) clearTimeout(this.stall)
    this.stallEndsAt = Date.now() + ms
    this.stall = setTimeout(
      () =>
        this.stop(
          new AppError('timeout', {
            detail: `${this.what}: the answer stalled (less than ${sizeText(this.limits.progressBytes)} in ${seconds(this.limits.stallMs)})`,
          }),
        ),
      ms,
    )
    this.stall.unref()
  }

  private tooLarge(): AppError {
    const err = new AppError('too_large', {
      status: this.status,
      detail: `${this.what}: the answer passed ${sizeText(this.cap)}; reading stopped`,
    })
    this.stop(err)
    return err
  }

  private stop(err: AppError): void {
    if (this.cut) return
    this.cut = err
    this.finish()
    this.controller.abort(err)
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
