import axios, { type AxiosInstance } from 'axios'
import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { GraphqlResult } from '@shared/domain'
import { timestamp } from './normalise'
import type { Logger } from '../logging/logger'
import { acceptEncoding } from './compression'
import type { ContactOrder } from './contactOrder'
import { answerLimits, type AnswerKind, type AnswerLimitOverrides, type AnswerLimits } from './answerLimits'
import { openAnswer } from './answerWatch'
import { openOnLiveConnection, resetOnKeptConnection } from './keptConnection'
import type { ContactListener, RestClient } from './restClient'
import { checkGraphqlAddress } from './serviceAddress'
import { contactOutcome, errorFromResponse, errorFromTransport, notJsonDetail } from './serviceError'
import { offsetFromDate } from './serviceClock'

const tokenResponse = z.object({
  status: z.number().int().optional(),
  message: z.string().optional(),
  token: z.string().min(1),
  expires: timestamp,
  expiresMsg: z.string().optional(),
  graphqlUrl: z.string().regex(/^https?:\/\//i),
})

const graphqlBody = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ message: z.string() }).loose()).optional(),
})

/** Renew when less than this is left (DESIGN.md: a day). */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000

/** The JWT as held, in memory only: handed to the pull's thread (sync/pullThread.ts), never to the renderer. */
export interface HeldToken {
  jwt: string
  expiresAt: number
  url: string
}

/** What the app may show about the JWT: never the token itself. */
export interface GraphqlTokenInfo {
  expiresAt: string
  graphqlUrl: string
}

/**
 * GraphQL access with the 5-day JWT. The token is fetched with the account's
 * REST headers, held only in memory, renewed when less than a day is left, and
 * renewed once more when the endpoint refuses it (a 401 or Hasura's
 * invalid-jwt), so an expiry never reaches the user.
 */
export class GraphqlClient {
  private held: HeldToken | null = null
  private pending: Promise<HeldToken> | null = null
  private readonly http: AxiosInstance
  private readonly limits: Record<AnswerKind, AnswerLimits>

  constructor(
    private readonly rest: RestClient,
    private readonly options: {
      /** As the REST client's (restClient.ts): the wait for an answer to start or move, and a whole query's deadline. */
      timeoutMs?: number
      limits?: AnswerLimitOverrides
      /** The service's time: the JWT's expiry is in its clock. */
      now?: () => Date
      onContact?: ContactListener
      /** As the REST client's: each query stamped as it is asked. */
      order?: ContactOrder
      onServiceTime?: (offsetMs: number | null) => void
      log?: Logger
      /** A JWT another client of the same account holds (the pull's thread starts with the main thread's). */
      held?: HeldToken | null
    } = {},
  ) {
    this.limits = answerLimits(options.timeoutMs, options.limits)
    this.held = options.held ?? null
    this.http = axios.create({ responseType: 'stream', validateStatus: () => true, maxRedirects: 0, decompress: true })
  }

  async query(query: string, variables?: Record<string, unknown>, signal?: AbortSignal): Promise<GraphqlResult> {
    return this.ask(query, variables, 'list', signal)
  }

  /** A query under the limits of `kind`, asked again once with a renewed token when the endpoint refuses the held one. */
  private async ask(
    query: string,
    variables: Record<string, unknown> | undefined,
    kind: AnswerKind,
    signal?: AbortSignal,
  ): Promise<GraphqlResult> {
    const first = await this.send(await this.token(), query, variables, kind, signal)
    if (first !== 'refused') return first
    const second = await this.send(await this.token(true), query, variables, kind, signal)
    if (second === 'refused') throw new AppError('unauthorized', { detail: 'the GraphQL endpoint refused a fresh token' })
    return second
  }

  /** Runs a query and returns its data, turning GraphQL errors into an AppError; `signal` gives it up. */
  async data<T extends z.ZodType>(
    query: string,
    schema: T,
    variables?: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<z.output<T>> {
    const result = await this.query(query, variables, signal)
    if (result.errors?.length) throw new AppError('bad_response', { detail: result.errors[0]?.message ?? 'GraphQL error' })
    const parsed = schema.safeParse(result.data)
    if (!parsed.success) {
      throw new AppError('bad_response', { detail: `GraphQL data: ${parsed.error.issues[0]?.message ?? ''}` })
    }
    return parsed.data
  }

  /** The token's expiry, fetching or renewing it first as a query would; for showing how long access lasts. */
  async validity(): Promise<GraphqlTokenInfo> {
    const held = await this.token()
    return { expiresAt: new Date(held.expiresAt).toISOString(), graphqlUrl: held.url }
  }

  tokenInfo(): GraphqlTokenInfo | null {
    return this.held ? { expiresAt: new Date(this.held.expiresAt).toISOString(), graphqlUrl: this.held.url } : null
  }

  /** The JWT, fetched or renewed first as a query would, for a client in another thread (it holds its own from there). */
  async handOver(): Promise<HeldToken> {
    return this.token()
  }

  /** The JWT held now, for the support bundle's scrubber only (it cuts it out of every file). */
  heldJwt(): string | null {
    return this.held?.jwt ?? null
  }

  private now(): number {
    return (this.options.now?.() ?? new Date()).getTime()
  }

  private async token(forceRenew = false): Promise<HeldToken> {
    if (!forceRenew && this.held && this.held.expiresAt - this.now() > RENEW_BEFORE_MS) return this.held
    // Concurrent callers share one renewal instead of each asking for a token.
    this.pending ??= this.fetchToken().finally(() => (this.pending = null))
    this.held = await this.pending
    return this.held
  }

  private async fetchToken(): Promise<HeldToken> {
    const res = await this.rest.request({ method: 'GET', path: '/apps/graphql.json' }, tokenResponse)
    // The answer names where the JWT goes: refused before it is held, so no query ever sends it there.
    checkGraphqlAddress(res.graphqlUrl, this.rest.account.serverUrl)
    // From now on this JWT is scrubbed from every log line, whatever carries it.
    this.options.log?.addSecret(res.token)
    this.options.log?.info('graphql token renewed', { expiresAt: res.expires })
    return { jwt: res.token, expiresAt: Date.parse(res.expires), url: res.graphqlUrl }
  }

  /**
   * The list of a query whose answer is one list (`{"data":{"<root>":[…]}}`, a page of the catalogue pull), read
   * whole and parsed once: a page of 5,000 bundles is a few MB, held whole by the pull anyway, and one JSON.parse
   * costs a fraction of finding each row's end in the text first. GraphQL errors throw, wherever they are in the
   * answer; an answer without the list is a bad answer.
   */
  async page(query: string, variables: Record<string, unknown>, root: string, signal?: AbortSignal): Promise<unknown[]> {
    const result = await this.ask(query, variables, 'page', signal)
    if (result.errors?.length) throw new AppError('bad_response', { detail: result.errors[0]?.message ?? 'GraphQL error' })
    const list = (result.data as Record<string, unknown> | null)?.[root]
    if (!Array.isArray(list)) throw new AppError('bad_response', { detail: `GraphQL data: no list ${root}` })
    return list
  }

  /**
   * One POST of a query up to its answer's headers, under the limits of `kind`: its transport failure or
   * cut as an AppError, told to the connection state and logged; the body comes watched and counted.
   */
  private async post(
    token: HeldToken,
    query: string,
    variables: Record<string, unknown> | undefined,
    kind: AnswerKind,
    signal?: AbortSignal,
  ): Promise<{ status: number; chunks: AsyncIterable<Buffer> }> {
    const started = Date.now()
    const asked = this.options.order?.next()
    try {
      // Every query only reads: one cut on a connection the service had closed is asked again on another.
      const open = () =>
        openAnswer(
          this.http,
          {
            method: 'POST',
            url: token.url,
            data: JSON.stringify({ query, variables }),
            headers: {
              Authorization: `Bearer ${token.jwt}`,
              'Content-Type': 'application/json',
              Accept: 'application/json',
              'Accept-Encoding': acceptEncoding,
            },
            signal,
          },
          this.limits[kind],
          'GraphQL query',
        )
      const answer = await openOnLiveConnection(open, true)
      this.options.onContact?.(contactOutcome(answer.status), asked)
      this.options.onServiceTime?.(offsetFromDate(answer.date, started, Date.now()))
      this.options.log?.info('graphql request', { status: answer.status, ms: Date.now() - started })
      return { status: answer.status, chunks: answer.watch.chunks(answer.body) }
    } catch (err) {
      const error = AppError.from(err)
      // A query given up here, or cut on connection after connection the service had closed, says nothing of the line.
      if (!signal?.aborted && !resetOnKeptConnection(error)) this.options.onContact?.(contactOutcome(error), asked)
      this.options.log?.warn('graphql request failed', { ms: Date.now() - started, code: error.code, givenUp: signal?.aborted })
      throw error
    }
  }

  private async send(
    token: HeldToken,
    query: string,
    variables: Record<string, unknown> | undefined,
    kind: AnswerKind,
    signal?: AbortSignal,
  ): Promise<GraphqlResult | 'refused'> {
    const answer = await this.post(token, query, variables, kind, signal)
    const ok = answer.status >= 200 && answer.status < 300
    return this.result(answer.status, ok ? await readText(answer.chunks) : await refusalText(answer.chunks))
  }

  /** A whole answer's text as a result, 'refused' for a token the endpoint refuses, or the failure it is. */
  private result(status: number, text: string): GraphqlResult | 'refused' {
    // A 401 refuses the token whatever its body says (a front server's page, or none).
    if (status === 401) return 'refused'
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      const detail = text.trim() ? `HTTP ${status}, ${notJsonDetail(text)}` : `HTTP ${status}`
      if (status >= 500) throw new AppError('server', { status, detail })
      throw new AppError('bad_response', { status, detail: `GraphQL answer is not JSON: ${detail}` })
    }
    const parsed = graphqlBody.safeParse(body)
    if (parsed.success && isJwtRefusal(parsed.data.errors)) return 'refused'
    if (status < 200 || status >= 300) throw errorFromResponse(status, body)
    if (!parsed.success) throw new AppError('bad_response', { status, detail: 'GraphQL answer has no data' })
    return { data: parsed.data.data ?? null, errors: parsed.data.errors ?? null }
  }
}

/** A whole answer's text; a failure of the line while reading is told as the AppError it is. */
async function readText(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = []
  try {
    for await (const chunk of body) chunks.push(chunk)
  } catch (err) {
    throw err instanceof AppError ? err : errorFromTransport(err as { code?: string; message?: string })
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A refusal's text; one too long to read, or cut on the way, is '' and judged by its status alone. */
async function refusalText(body: AsyncIterable<Buffer>): Promise<string> {
  return readText(body).catch(() => '')
}

function isJwtRefusal(errors: { message: string; extensions?: unknown }[] | undefined): boolean {
  return (errors ?? []).some((e) => {
    const code = (e.extensions as { code?: unknown } | undefined)?.code
    return code === 'invalid-jwt' || /JWTExpired/i.test(e.message)
  })
}
