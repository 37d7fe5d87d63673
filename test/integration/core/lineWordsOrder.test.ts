import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { RestClient } from '@core/api/restClient'
import { CoreEvents } from '@core/events'
import { ConnectionMonitor } from '@core/services/connectionMonitor'
import { closeServer, listenOnLoopback } from '../../support/loopbackServer'

// The status bar says what the newest question to the service found. A question asked before the line dropped and
// answered after a newer one was refused (a service closing cuts it, or its thread hears it late) is older news.

let server: Server
let url: string
const answerSlowly: (() => void)[] = []

beforeAll(async () => {
  // Every request is held until the test lets it go, then answered 503: a service failing on its way down.
  server = createServer((_req, res) => {
    answerSlowly.push(() => res.writeHead(503, { 'Content-Type': 'application/json', 'Content-Length': '2' }).end('{}'))
  })
  url = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))

it('keeps what the newest question found over an older question’s later answer', async () => {
  const monitor = new ConnectionMonitor(new CoreEvents(), () => new Date())
  const client = (serverUrl: string) => watchedClient(monitor, serverUrl)
  const older = client(url)
    .request({ method: 'GET', path: '/profile.json' }, z.unknown())
    .catch((err: unknown) => err)
  while (answerSlowly.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  // Asked after it, at an address nobody listens on any more: refused at once.
  const gone = await closedAddress()
  await expect(client(gone).request({ method: 'GET', path: '/profile.json' }, z.unknown())).rejects.toMatchObject({ code: 'network' })
  expect(monitor.status().link).toBe('offline')
  answerSlowly.shift()!()
  expect(await older).toMatchObject({ code: 'server' })
  expect(monitor.status().link).toBe('offline')
  // A question asked after both is news again.
  const newer = client(url)
    .request({ method: 'GET', path: '/profile.json' }, z.unknown())
    .catch((err: unknown) => err)
  while (answerSlowly.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  answerSlowly.shift()!()
  expect(await newer).toMatchObject({ code: 'server' })
  expect(monitor.status().link).toBe('failing')
})

it('says the line is down, not failing, when a busy thread’s next question meets a connection the closed service cut', async () => {
  // A CI run: the pull's thread, busy with a page, asked its next one on a connection kept alive from the last, which
  // the service had cut as it closed; the reset said «El servicio falla» after the reload had found the line down.
  const going = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'))
  const monitor = new ConnectionMonitor(new CoreEvents(), () => new Date())
  const rest = watchedClient(monitor, await listenOnLoopback(going))
  await rest.request({ method: 'GET', path: '/profile.json' }, z.unknown())
  expect(monitor.status().link).toBe('online')
  going.closeAllConnections()
  const closed = closeServer(going)
  // Busy: the thread has not heard the cut when it asks again.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
  await expect(rest.request({ method: 'GET', path: '/profile.json' }, z.unknown())).rejects.toMatchObject({ code: 'network' })
  expect(monitor.status().link).toBe('offline')
  await closed
})

/** A client whose every exchange is told to `monitor`, stamped as it is asked, as the app's are. */
function watchedClient(monitor: ConnectionMonitor, serverUrl: string): RestClient {
  return new RestClient(
    { serverUrl, email: 'clerk@example.com', token: 't' },
    { order: monitor.order, onContact: (outcome, asked) => monitor.record(outcome, asked) },
  )
}

/** The address of a port that was just let go: connecting to it is refused. */
async function closedAddress(): Promise<string> {
  const probe = createServer()
  const address = await listenOnLoopback(probe)
  await closeServer(probe)
  return address
}
