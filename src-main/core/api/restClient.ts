import http from 'node:http'
import https from 'node:https'
import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios'
import { ZodArray, type z } from 'zod'
import { AppError } from '@shared/errors'
import type { Logger } from '../logging/logger'
import { acceptEncoding } from './compression'
import type { ContactOrder } from './contactOrder'
import { answerLimits, type AnswerKind, type AnswerLimitOverrides, type AnswerLimits } from './answerLimits'
import { openAnswer, type OpenAnswer } from './answerWatch'
import { contactOutcome, errorFromResponse, errorFromTransport, notJsonDetail } from './serviceError'
import { openOnLiveConnection, resetOnKeptConnection } from './keptConnection'
import { MAX_REDIRECTS, redirectedMethod, redirectTarget } from './redirects'
import { offsetFromDate } from './serviceClock'
import type { FieldNames } from './serviceFieldNames'

export interface ServiceAccount {
  /** Base address without a trailing slash, e.g. https://erp.example.com */
  serverUrl: string
  email: string
  token: string
}

export interface RestRequest {
  method: Method
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  /** Sent as multipart/form-data instead of JSON (files): the service's SDK sends uploads this way. */
  form?: FormData
  /** Whose limits the exchange keeps (answerLimits.ts); by default a list for a list's schema, else a record. */
  kind?: AnswerKind
  /** How a refusal's field names become ours, where the area names its fields otherwise (serviceFieldNames.ts). */
  fieldNames?: FieldNames
  /** Gives the request up (an answer no longer wanted): said as nothing of the line. */
  signal?: AbortSignal
}

/** How one exchange with the service went, for the connection state. */
export type ContactOutcome = 'answered' | 'failing' | 'unreachable'
/** Called after every exchange. `stamp`: when its question was asked, in the words' order (api/contactOrder.ts). */
export type ContactListener = (outcome: ContactOutcome, stamp?: number) => void

export interface RestClientOptions {
  /** The longest wait for an answer to start or to move, and the whole deadline of a record or a list (answerLimits.ts). */
  timeoutMs?: number
  /** Limits per kind of answer over the defaults (tests). */
  limits?: AnswerLimitOverrides
  onContact?: ContactListener
  /**
   * Stamps each exchange as it is asked: the line's state is what the newest question found, whenever its answer
   * is heard (a thread busy or resting hears late, and a service closing cuts an older question after a newer one
   * was refused).
   */
  order?: ContactOrder
  /** Each exchange is logged as method, path, status and milliseconds: never headers or bodies. */
  log?: Logger
  /** The offset from the service's clock each answer shows (its Date header), or null. */
  onServiceTime?: (offsetMs: number | null) => void
}

/**
 * One client per signed-in account. It sends the service's four headers on
 * every call, reads every answer itself within its deadlines and size cap
 * (answerLimits.ts), so a non-JSON, hanging or runaway answer is caught here,
 * and turns every failure into an AppError.
 */
export class RestClient {
  private readonly http: AxiosInstance
  readonly limits: Record<AnswerKind, AnswerLimits>

  constructor(
    readonly account: ServiceAccount,
    private readonly options: RestClientOptions = {},
  ) {
    this.limits = answerLimits(options.timeoutMs, options.limits)
    this.http = axios.create({
      baseURL: account.serverUrl,
      responseType: 'stream',
      validateStatus: () => true,
      // Redirects are followed here, not by axios: within the service's origin only (exchange).
      maxRedirects: 0,
      decompress: true,
      httpAgent: new http.Agent({ keepAlive: true }),
      httpsAgent: new https.Agent({ keepAlive: true }),
      headers: {
        'X-User-Email': account.email,
        'X-User-Token': account.token,
        Accept: 'application/json',
        'Accept-Encoding': acceptEncoding,
        'Content-Type': 'application/json',
      },
    })
  }

  /**
   * A success body as it arrives, chunk by chunk, for answers too large to
   * hold whole (the list of every bundle): within the limits of a streamed
   * list unless `req.kind` says otherwise. A refusal is read and thrown like
   * `request` does.
   */
  async stream(req: RestRequest): Promise<AsyncIterable<Buffer>> {
    const answer = await this.exchange(req.method, req.path, req.kind ?? 'streamedList', () => ({ params: req.query, signal: req.signal }))
    if (answer.status >= 200 && answer.status < 300) return answer.watch.chunks(answer.body)
    throw errorFromResponse(answer.status, await readRefusal(answer), req.fieldNames)
  }

  /** `schema` checks a success body; `null` for endpoints that answer 204 or an empty object. */
  request<T extends z.ZodType>(req: RestRequest, schema: T): Promise<z.output<T>>
  request(req: RestRequest, schema: null): Promise<null>
  async request(req: RestRequest, schema: z.ZodType | null): Promise<unknown> {
    const kind = req.kind ?? (schema instanceof ZodArray ? 'list' : 'record')
    const answer = await this.exchange(req.method, req.path, kind, async () => {
      // Node's own encoder writes the multipart body and its boundary; axios then only carries bytes.
      const multipart = req.form ? new Response(req.form) : null
      return {
        params: req.query,
        data: multipart ? Buffer.from(await multipart.arrayBuffer()) : req.body === undefined ? undefined : JSON.stringify(req.body),
        ...(multipart ? { headers: { 'Content-Type': multipart.headers.get('content-type') ?? 'multipart/form-data' } } : {}),
      }
    })
    const { status } = answer
    if (status < 200 || status >= 300) throw errorFromResponse(status, await readRefusal(answer), req.fieldNames)
    // An answer nobody reads (a write's "done") is not held to a size: the service said yes.
    const text = await readWhole(answer).catch((err: unknown) => {
      if (schema === null && err instanceof AppError && err.code === 'too_large') return ''
      throw err
    })
    const body = parseBody(text, status)
    if (schema === null) return null
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new AppError('bad_response', {
        status,
        detail: `${req.method} ${req.path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      })
    }
    return parsed.data
  }

  /**
   * The HTTP status a HEAD of `path` gets: the body is never read. Only for paths whose GET is a plain
   * read (probedRestPaths.ts). The service check's probes leave the connection state alone; the
   * heartbeat's (`heartbeat.ts`) are what moves it while the app is idle.
   */
  async headStatus(path: string, opts: { kind?: AnswerKind; recordContact?: boolean } = {}): Promise<number> {
    const answer = await this.exchange('HEAD', path, opts.kind ?? 'record', () => ({}), opts.recordContact ?? false)
    answer.watch.finish()
    // A HEAD's answer has no body: letting it end gives the connection back to the pool.
    answer.body.resume()
    return answer.status
  }

  /**
   * One exchange with the service up to its headers, following its redirects
   * within its own origin (a write answered by a redirect to its record, a
   * moved path); a redirect elsewhere is refused (redirects.ts), so the
   * token never leaves the signed-in service.
   */
  private async exchange(
    method: Method,
    path: string,
    kind: AnswerKind,
    config: () => AxiosRequestConfig | Promise<AxiosRequestConfig>,
    recordContact = true,
  ): Promise<OpenAnswer> {
    const what = `${method} ${path}`
    let at = new URL(`${this.account.serverUrl.replace(/\/+$/, '')}${path}`)
    let sending = { method, config }
    let answer = await this.exchangeOnce(method, path, kind, config, recordContact)
    for (let hops = 0; ; hops++) {
      let to: URL | null
      try {
        to = redirectTarget(answer, at, what)
      } catch (err) {
        discard(answer)
        throw err
      }
      if (!to) return answer
      discard(answer)
      if (hops === MAX_REDIRECTS) throw new AppError('bad_response', { status: answer.status, detail: `${what}: redirected in a loop` })
      const next = redirectedMethod(answer.status, sending.method)
      const sent = sending.config
      // The place's own query replaces ours; a 307/308 carries the same body there.
      sending = { method: next.method, config: next.sameBody ? async () => ({ ...(await sent()), params: undefined }) : () => ({}) }
      at = to
      answer = await this.exchangeOnce(sending.method, to.href, kind, sending.config, recordContact)
    }
  }

  /**
   * One request up to its answer's headers: built by `config` (which may read
   * a body first) under the limits of `kind`, a transport failure or a cut as
   * an AppError, the outcome told to the connection state and the exchange
   * logged (never the body).
   */
  private async exchangeOnce(
    method: Method,
    path: string,
    kind: AnswerKind,
    config: () => AxiosRequestConfig | Promise<AxiosRequestConfig>,
    recordContact: boolean,
  ): Promise<OpenAnswer> {
    const started = Date.now()
    const asked = this.options.order?.next()
    let answer: OpenAnswer
    let signal: AbortSignal | undefined
    const open = async () => {
      const built = await config()
      signal = built.signal as AbortSignal | undefined
      return openAnswer(this.http, { ...built, method, url: path }, this.limits[kind], `${method} ${path}`)
    }
    try {
      answer = await openOnLiveConnection(open, method === 'GET' || method === 'HEAD')
    } catch (err) {
      const error = AppError.from(err)
      // A request given up here, or a write cut on a connection the service had closed, says nothing of the line.
      const givenUp = signal?.aborted === true
      if (recordContact && !givenUp && !resetOnKeptConnection(error)) this.options.onContact?.(contactOutcome(error), asked)
      this.options.log?.warn('request failed', { method, path, ms: Date.now() - started, code: error.code, givenUp })
      throw error
    }
    if (recordContact) this.options.onContact?.(contactOutcome(answer.status), asked)
    this.options.onServiceTime?.(offsetFromDate(answer.date, started, Date.now()))
    this.options.log?.info('request', { method, path, status: answer.status, ms: Date.now() - started })
    return answer
  }
}

/** A redirect's body, unread: the exchange is over and its connection goes back to the pool. */
function discard(answer: OpenAnswer): void {
  answer.watch.finish()
  answer.body.resume()
}

/** The whole body as text, within the answer's cap; a failure of the line while reading is told as the AppError it is. */
async function readWhole(answer: OpenAnswer): Promise<string> {
  const chunks: Buffer[] = []
  try {
    for await (const chunk of answer.watch.chunks(answer.body)) chunks.push(chunk)
  } catch (err) {
    throw err instanceof AppError ? err : errorFromTransport(err as { code?: string; message?: string })
  }
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
}

/** A refusal's body for its classification; one too long to read, or cut on the way, is judged by its status alone. */
async function readRefusal(answer: OpenAnswer): Promise<unknown> {
  const text = await readWhole(answer).catch(() => null)
  return text === null ? null : parseBody(text, answer.status)
}

/**
 * For writes: once the service has answered 2xx the write is done, whatever the
 * answer looks like. An answer of another shape than expected, or too large to
 * read, gives null, and the caller reads back what was written; it must never
 * look like a failure that invites the user to send the write a second time.
 */
export async function writeRequest<T extends z.ZodType>(rest: RestClient, req: RestRequest, schema: T): Promise<z.output<T> | null> {
  try {
    return await rest.request(req, schema)
  } catch (err) {
    const unread = err instanceof AppError && (err.code === 'bad_response' || err.code === 'too_large')
    if (unread && err.status !== null && err.status >= 200 && err.status < 300) return null
    throw err
  }
}

function parseBody(raw: unknown, status: number): unknown {
  if (typeof raw !== 'string' || raw.trim() === '') return status === 204 || status < 300 ? null : raw
  try {
    return JSON.parse(raw)
  } catch {
    if (status >= 200 && status < 300) {
      throw new AppError('bad_response', { status, detail: notJsonDetail(raw) })
    }
    return raw
  }
}
