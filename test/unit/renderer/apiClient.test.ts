import { describe, expect, it, vi } from 'vitest'
import { createClient } from '@renderer/api/client'
import { createBrowserHostTransport } from '@renderer/api/browserHostTransport'
import { hostEventsPath, hostRequestPath, hostTokenHeader, type Bridge, type Envelope } from '@shared/contract/transport'
import { AppError } from '@shared/errors'

const signedOut = { state: 'signed_out', lastServerUrl: null, lastEmail: null }
// The event schemas load lazily, once: on a busy machine the first load takes over vi.waitFor's default second.
const schemasLoaded = { timeout: 10_000 }

function fakeBridge(answer: (name: string, payload: unknown) => unknown): Bridge & { emit(name: string, payload: unknown): void } {
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  return {
    invoke: async (name, payload) => answer(name, payload) as Envelope,
    on(name, listener) {
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    emit(name, payload) {
      for (const l of listeners.get(name) ?? []) l(payload)
    },
  }
}

describe('renderer client', () => {
  // The value itself was checked by the core as it left (test/unit/shared/dispatch.test.ts).
  it('returns the value of an answer', async () => {
    const client = createClient(fakeBridge(() => ({ ok: true, value: signedOut })))
    await expect(client.request('session.status')).resolves.toEqual(signedOut)
  })

  it('turns an error envelope into an AppError with its code, detail and fields', async () => {
    const error = new AppError('validation', { detail: 'ya existe', fields: { email: ['no es válido'] } }).toPayload()
    const client = createClient(fakeBridge(() => ({ ok: false, error })))
    const thrown = await client
      .request('session.signIn', { serverUrl: 'https://x.test', email: 'a@b.test', token: 't' })
      .catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(AppError)
    expect(thrown).toMatchObject({ code: 'validation', detail: 'ya existe', field: 'email', fields: { email: ['no es válido'] } })
  })

  it('rejects an answer that is not an envelope as bad_response', async () => {
    for (const answer of ['hello', null, { ok: true }, { ok: 'yes', value: 1 }, { ok: false }, { ok: false, error: { code: 'nope' } }]) {
      const client = createClient(fakeBridge(() => answer))
      await expect(client.request('session.status'), JSON.stringify(answer)).rejects.toMatchObject({ code: 'bad_response' })
    }
  })

  it('delivers valid events and drops malformed ones', async () => {
    const bridge = fakeBridge(() => null)
    const client = createClient(bridge)
    const seen: unknown[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const stop = client.onEvent('connection.changed', (p) => seen.push(p))
    bridge.emit('connection.changed', { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null })
    bridge.emit('connection.changed', { online: 'yes' })
    bridge.emit('connection.changed', { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null })
    await vi.waitFor(() => expect(seen).toHaveLength(2), schemasLoaded)
    stop()
    bridge.emit('connection.changed', { online: false, link: 'failing', lastContactAt: null, clockOffsetMs: null, since: null })
    warn.mockRestore()
    expect(seen).toEqual([
      { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null },
      { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null },
    ])
  })

  it('hands on the events that came while their schemas loaded, in the order they came, then each at once', async () => {
    const bridge = fakeBridge(() => null)
    const client = createClient(bridge)
    const seen: string[] = []
    client.onEvent('session.changed', (p) => seen.push(`session ${p.state}`))
    client.onEvent('connection.changed', (p) => seen.push(`connection ${p.link}`))
    bridge.emit('connection.changed', { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null })
    bridge.emit('session.changed', signedOut)
    bridge.emit('connection.changed', { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null })
    await vi.waitFor(() => expect(seen).toHaveLength(3), schemasLoaded)
    expect(seen).toEqual(['connection online', 'session signed_out', 'connection offline'])
    bridge.emit('session.changed', signedOut)
    expect(seen).toHaveLength(4)
  })

  it('does not call a listener stopped before its event was checked', async () => {
    const bridge = fakeBridge(() => null)
    const client = createClient(bridge)
    const gone: unknown[] = []
    const kept: unknown[] = []
    const stop = client.onEvent('session.changed', (p) => gone.push(p))
    client.onEvent('session.changed', (p) => kept.push(p))
    bridge.emit('session.changed', signedOut)
    stop()
    await vi.waitFor(() => expect(kept).toEqual([signedOut]), schemasLoaded)
    expect(gone).toEqual([])
  })
})

describe('browser-host transport', () => {
  function jsonResponse(body: unknown): Response {
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }

  it('posts the payload to the contract path on the same origin', async () => {
    const fetch = vi.fn(async (_input: string, _init: RequestInit) => jsonResponse({ ok: true, value: signedOut }))
    const client = createClient(createBrowserHostTransport({ fetch, token: 'run-token', openEventStream: () => ({ close() {} }) }))
    await client.request('entity.switch', { entityId: 7 }).catch(() => undefined)
    const [input, init] = fetch.mock.calls[0]!
    expect(input).toBe(hostRequestPath('entity.switch'))
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [hostTokenHeader]: 'run-token' },
    })
    expect(JSON.parse(String(init.body))).toEqual({ payload: { entityId: 7 } })
  })

  it('reports a failed fetch or a body that is not JSON as a network error', async () => {
    const down = createClient(
      createBrowserHostTransport({
        fetch: async () => {
          throw new TypeError('Failed to fetch')
        },
        token: 'run-token',
        openEventStream: () => ({ close() {} }),
      }),
    )
    await expect(down.request('session.status')).rejects.toMatchObject({ code: 'network' })
    const garbled = createClient(
      createBrowserHostTransport({
        fetch: async () => new Response('<html>proxy error</html>', { status: 502 }),
        token: 'run-token',
        openEventStream: () => ({ close() {} }),
      }),
    )
    await expect(garbled.request('session.status')).rejects.toMatchObject({ code: 'network' })
  })

  it('opens one event stream and routes its messages by name', async () => {
    let deliver: (data: unknown) => void = () => {}
    const open = vi.fn((_path: string, onMessage: (data: unknown) => void) => {
      deliver = onMessage
      return { close() {} }
    })
    const client = createClient(
      createBrowserHostTransport({ fetch: async () => jsonResponse(null), token: 'run-token', openEventStream: open }),
    )
    const connection: unknown[] = []
    const session: unknown[] = []
    client.onEvent('connection.changed', (p) => connection.push(p))
    client.onEvent('session.changed', (p) => session.push(p))
    deliver(JSON.stringify({ name: 'session.changed', payload: signedOut }))
    deliver('not json')
    deliver(JSON.stringify({ name: 'no.such.event', payload: {} }))
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]![0]).toBe(hostEventsPath)
    await vi.waitFor(() => expect(session).toEqual([signedOut]), schemasLoaded)
    expect(connection).toEqual([])
  })
})
