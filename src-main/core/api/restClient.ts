import http from 'node:http'
import https from 'node:https'
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios'
import type { z } from 'zod'
import { AppError } from '@shared/errors'
import type { Logger } from '../logging/logger'
import { contactOutcome, errorFromResponse, errorFromTransport } from './serviceError'
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
  /** A longer wait than the client's default (an upload of some megabytes). */
  timeoutMs?: number
  /** How a refusal's field names become ours, where the area names its fields otherwise (serviceFieldNames.ts). */
  fieldNames?: FieldNames
}

/** Called after every exchange: whether the service answered at all. */
/** How one exchange with the service went, for the connection state. */
export type ContactOutcome = 'answered' | 'failing' | 'unreachable'
export type ContactListener = (outcome: ContactOutcome) => void

export interface RestClientOptions {
  timeoutMs?: number
  onContact?: ContactListener
  /** Each exchange is logged as method, path, status and milliseconds: never headers or bodies. */
  log?: Logger
  /** The offset from the service's clock each answer shows (its Date header), or null. */
  onServiceTime?: (offsetMs: number | null) => void
}

/**
 * One client per signed-in account. It sends the service's four headers on
 * every call, reads the body as text so a non-JSON answer is caught here, and
 * turns every failure into an AppError.
 */
export class RestClient {
  private readonly http: AxiosInstance

  constructor(
    readonly account: ServiceAccount,
    private readonly options: RestClientOptions = {},
  ) {
    this.http = axios.create({
      baseURL: account.serverUrl,
      timeout: options.timeoutMs ?? 15_000,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      validateStatus: () => true,
      maxRedirects: 0,
      httpAgent: new http.Agent({ keepAlive: true }),
      httpsAgent: new https.Agent({ keepAlive: true }),
      headers: {
        'X-User-Email': account.email,
        'X-User-Token': account.token,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
    })
  }

  /**
   * A success body as it arrives, chunk by chunk, for answers too large to
   * hold whole (the list of every bundle). A refusal is read whole and thrown
   * like `request` does.
   */
  async stream(req: RestRequest): Promise<AsyncIterable<Buffer>> {
    const response = await this.exchange<NodeJS.ReadableStream>(req.method, req.path, () => ({ params: req.query, responseType: 'stream' }))
    const body = response.data as AsyncIterable<Buffer>
    if (response.status >= 200 && response.status < 300) return body
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(chunk)
    throw errorFromResponse(response.status, parseBody(Buffer.concat(chunks).toString('utf8'), response.status), req.fieldNames)
  }

  /** `schema` checks a success body; `null` for endpoints that answer 204 or an empty object. */
  request<T extends z.ZodType>(req: RestRequest, schema: T): Promise<z.output<T>>
  request(req: RestRequest, schema: null): Promise<null>
  async request(req: RestRequest, schema: z.ZodType | null): Promise<unknown> {
    const response = await this.exchange<string>(req.method, req.path, async () => {
      // Node's own encoder writes the multipart body and its boundary; axios then only carries bytes.
      const multipart = req.form ? new Response(req.form) : null
      return {
        params: req.query,
        data: multipart ? Buffer.from(await multipart.arrayBuffer()) : req.body === undefined ? undefined : JSON.stringify(req.body),
        ...(multipart ? { headers: { 'Content-Type': multipart.headers.get('content-type') ?? 'multipart/form-data' } } : {}),
        ...(req.timeoutMs ? { timeout: req.timeoutMs } : {}),
      }
    })
    const body = parseBody(response.data, response.status)
    if (response.status < 200 || response.status >= 300) throw errorFromResponse(response.status, body, req.fieldNames)
    if (schema === null) return null
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new AppError('bad_response', {
        status: response.status,
        detail: `${req.method} ${req.path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      })
    }
    return parsed.data
  }

  /**
   * The HTTP status a HEAD of `path` gets, for the service check: the body is
   * never read. Only for paths whose GET is a plain read (probedRestPaths.ts).
   */
  async headStatus(path: string): Promise<number> {
    // A probe of the service check: it does not move the connection state.
    return (await this.exchange<string>('HEAD', path, () => ({}), false)).status
  }

  /**
   * One exchange with the service: the request built by `config` (which may
   * read a body first), a transport failure as an AppError, the outcome told
   * to the connection state and the exchange logged (never the body).
   */
  private async exchange<T>(
    method: Method,
    path: string,
    config: () => AxiosRequestConfig | Promise<AxiosRequestConfig>,
    recordContact = true,
  ): Promise<AxiosResponse<T>> {
    const started = Date.now()
    let response: AxiosResponse<T>
    try {
      response = await this.http.request<T>({ ...(await config()), method, url: path })
    } catch (err) {
      const error = errorFromTransport(err as { code?: string; message?: string })
      if (recordContact) this.options.onContact?.(contactOutcome(error))
      this.options.log?.warn('request failed', { method, path, ms: Date.now() - started, code: error.code })
      throw error
    }
    if (recordContact) this.options.onContact?.(contactOutcome(response.status))
    this.options.onServiceTime?.(offsetFromDate(response.headers['date'], started, Date.now()))
    this.options.log?.info('request', { method, path, status: response.status, ms: Date.now() - started })
    return response
  }
}

/**
 * For writes: once the service has answered 2xx the write is done, whatever the
 * answer looks like. An answer of another shape than expected gives null, and
 * the caller reads back what was written; it must never look like a failure
 * that invites the user to send the write a second time.
 */
export async function writeRequest<T extends z.ZodType>(rest: RestClient, req: RestRequest, schema: T): Promise<z.output<T> | null> {
  try {
    return await rest.request(req, schema)
  } catch (err) {
    if (err instanceof AppError && err.code === 'bad_response' && err.status !== null && err.status >= 200 && err.status < 300) return null
    throw err
  }
}

function parseBody(raw: unknown, status: number): unknown {
  if (typeof raw !== 'string' || raw.trim() === '') return status === 204 || status < 300 ? null : raw
  try {
    return JSON.parse(raw)
  } catch {
    if (status >= 200 && status < 300) {
      throw new AppError('bad_response', { status, detail: `not JSON: ${raw.slice(0, 80)}` })
    }
    return raw
  }
}
