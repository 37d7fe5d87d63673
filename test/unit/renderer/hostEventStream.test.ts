import { describe, expect, it, vi } from 'vitest'
import { hostEventsPath, hostTokenHeader } from '@shared/contract/transport'
import { openHostEventStream } from '../../../src-renderer/api/hostEventStream'

/** A stream answer whose chunks are handed over one at a time, then ends (the host went away). */
function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

describe("the browser host's event stream", () => {
  it('sends the token header and hands over each message, split however the bytes arrive', async () => {
    const fetch = vi.fn(async (_input: string, _init: RequestInit) =>
      streamOf([': connected\n\n', 'data: {"name":"a"}\n\ndata: {"na', 'me":"b"}\n', '\n: keep-alive\n\n']),
    )
    const got: string[] = []
    const stream = openHostEventStream(fetch, hostEventsPath, 'run-token', (data) => got.push(data), 60_000)
    await vi.waitFor(() => expect(got).toEqual(['{"name":"a"}', '{"name":"b"}']))
    stream.close()
    const [path, init] = fetch.mock.calls[0]!
    expect(path).toBe(hostEventsPath)
    expect(init.headers).toMatchObject({ [hostTokenHeader]: 'run-token' })
    expect(init.credentials).toBe('same-origin')
  })

  it('opens the stream again after the host drops or refuses it, and stops when closed', async () => {
    let calls = 0
    const fetch = vi.fn(async () => {
      calls++
      if (calls === 1) throw new TypeError('Failed to fetch')
      if (calls === 2) return new Response('Refused', { status: 403 })
      return streamOf([`data: ${calls}\n\n`])
    })
    const got: string[] = []
    const stream = openHostEventStream(fetch, hostEventsPath, 't', (data) => got.push(data), 5)
    await vi.waitFor(() => expect(got.length).toBeGreaterThanOrEqual(2))
    expect(got.slice(0, 2)).toEqual(['3', '4'])
    stream.close()
    const after = fetch.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(fetch.mock.calls.length).toBe(after)
  })
})
