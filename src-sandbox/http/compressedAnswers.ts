import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Readable, pipeline } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { AnswerPayload } from './shapedAnswers'

/**
 * Compresses the service's answers as the front server of a Rails service
 * does (nginx's gzip, and br where ngx_brotli is on): a JSON or text answer
 * of at least `minBytes` goes out as br when the client names br, else as
 * gzip when it names gzip, else as it is. Levels are those such fronts are
 * commonly set to: fast enough to keep up with a 100 MB list as it streams.
 */

/** nginx sends shorter answers as they are (its gzip_min_length is often set about here). */
const minBytes = 1024
const gzipLevel = 5
const brotliQuality = 5

export type Encoding = 'br' | 'gzip'

/** The encoding an Accept-Encoding asks for, br first (as ngx_brotli answers), or null. */
export function chosenEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const named = new Map<string, number>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    named.set(name, q === undefined ? 1 : Number(q))
  }
  const accepts = (name: string) => (named.get(name) ?? named.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

function isStream(payload: AnswerPayload): payload is Readable {
  return typeof (payload as Readable).pipe === 'function'
}

function compressor(encoding: Encoding) {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : createGzip({ level: gzipLevel })
}

/**
 * Installs the compression on a scope. `shaped` names the answers a fault
 * shapes byte by byte (a trickle, an oversized answer): they go out as they
 * are, as a broken line or a runaway service would send them.
 */
export function installCompression(scope: FastifyInstance, shaped: (request: FastifyRequest) => boolean): void {
  scope.addHook('onSend', async (request, reply, payload: AnswerPayload | null | undefined) => {
    if (payload === null || payload === undefined || request.method === 'HEAD' || reply.statusCode === 204) return payload
    if (shaped(request) || reply.getHeader('content-encoding') !== undefined) return payload
    const type = String(reply.getHeader('content-type') ?? '')
    if (!/json|text/i.test(type)) return payload
    if (!isStream(payload) && Buffer.byteLength(payload) < minBytes) return payload
    const encoding = chosenEncoding(request.headers['accept-encoding'])
    reply.header('vary', 'Accept-Encoding')
    if (!encoding) return payload
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    const source = isStream(payload) ? payload : Readable.from([Buffer.from(payload)])
    // pipeline, not pipe: a source that fails ends the compressed answer too, so the client sees the cut.
    const compressed = compressor(encoding)
    pipeline(source, compressed, () => undefined)
    return compressed
  })
}
