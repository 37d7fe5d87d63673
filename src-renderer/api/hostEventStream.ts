import { hostTokenHeader } from '@shared/contract/transport'

/** How long a dropped or refused stream waits before it is opened again (an EventSource's usual pause). */
const reconnectMs = 3_000

/**
 * The browser host's server-sent events, read with fetch rather than an EventSource: the host opens its
 * stream only to a request carrying the per-run token in a header, which an EventSource cannot set. Like
 * an EventSource it opens the stream again after a pause when the host restarts or the line drops, and
 * hands over each message's data.
 */
export function openHostEventStream(
  fetch: (input: string, init: RequestInit) => Promise<Response>,
  path: string,
  token: string,
  onMessage: (data: string) => void,
  pauseMs = reconnectMs,
): { close(): void } {
  let closed = false
  let abort: AbortController | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const connect = async (): Promise<void> => {
    abort = new AbortController()
    try {
      const res = await fetch(path, {
        headers: { accept: 'text/event-stream', [hostTokenHeader]: token },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: abort.signal,
      })
      if (res.ok && res.body) await readMessages(res.body, onMessage)
    } catch {
      // A dropped stream is opened again below, as an EventSource would.
    }
    if (!closed) timer = setTimeout(() => void connect(), pauseMs)
  }
  void connect()

  return {
    close() {
      closed = true
      clearTimeout(timer)
      abort?.abort()
    },
  }
}

/** Splits the stream into messages (a blank line ends one; the host ends lines with \n only) and hands over their data. */
async function readMessages(body: ReadableStream<Uint8Array>, onMessage: (data: string) => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffered += decoder.decode(value, { stream: true })
    let end: number
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      // A block of comments only (the host's keep-alive) carries no message.
      if (data.length > 0) onMessage(data.join('\n'))
    }
  }
}
