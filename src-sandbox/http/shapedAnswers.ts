import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'

/** An answer's body as fastify hands it to onSend hooks. */
export type AnswerPayload = string | Buffer | Readable

const chunkBytes = 64 * 1024
/** One chunk of padding, shared by every oversized answer: it is never written to. */
const padding = Buffer.alloc(chunkBytes, 'x')

function isStream(payload: AnswerPayload): payload is Readable {
  return typeof (payload as Readable).pipe === 'function'
}

async function* chunksOf(payload: AnswerPayload): AsyncGenerator<Buffer> {
  if (!isStream(payload)) {
    yield Buffer.from(payload)
    return
  }
  for await (const chunk of payload) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
}

/**
 * The answer one byte every `everyMs`: the first goes out at once with the
 * headers, so the client sees an answer begin and then barely move. Its timers
 * hold nothing open: a client that gives up ends it at the next byte.
 */
export function trickled(payload: AnswerPayload, everyMs: number): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    let first = true
    for await (const chunk of chunksOf(payload)) {
      for (let i = 0; i < chunk.length; i++) {
        if (!first) await sleep(everyMs, undefined, { ref: false })
        first = false
        yield chunk.subarray(i, i + 1)
      }
    }
  }
  return Readable.from(bytes(), { objectMode: false })
}

/**
 * About `megabytes` MiB of valid JSON in the answer's own shape, made as it is
 * sent (the sandbox never holds it): a record keeps its fields and gains a
 * `sandbox_padding` string; a list repeats its own records (or, for a list
 * streamed from the store, or an empty one, padding records) until the size
 * is reached.
 */
export function oversized(payload: AnswerPayload, megabytes: number): Readable {
  const target = megabytes * 1024 * 1024
  async function* json(): AsyncGenerator<Buffer> {
    let text: string
    if (isStream(payload)) {
      payload.destroy()
      text = '[]'
    } else {
      text = Buffer.from(payload).toString('utf8').trim()
    }
    if (text.startsWith('[')) yield* list(text.slice(1, text.lastIndexOf(']')).trim())
    else yield* record(text.startsWith('{') ? text.slice(1, text.lastIndexOf('}')).trim() : '')
  }
  async function* record(fields: string): AsyncGenerator<Buffer> {
    const head = Buffer.from(`{${fields}${fields ? ',' : ''}"sandbox_padding":"`)
    yield head
    for (let sent = head.length; sent < target; sent += chunkBytes) yield padding
    yield Buffer.from('"}')
  }
  async function* list(elements: string): AsyncGenerator<Buffer> {
    let id = 0
    const own = elements ? Buffer.from(elements) : null
    const element = () => own ?? Buffer.from(`{"id":${++id},"sandbox_padding":"${padding.toString()}"}`)
    yield Buffer.from('[')
    for (let sent = 1, next = element(); ; next = element()) {
      yield next
      sent += next.length
      if (sent >= target) break
      yield Buffer.from(',')
      sent += 1
    }
    yield Buffer.from(']')
  }
  return Readable.from(json(), { objectMode: false })
}
