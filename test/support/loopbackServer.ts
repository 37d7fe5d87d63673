import type { AddressInfo, Server } from 'node:net'

/** Starts `server` on a free port of this computer's loopback; its address, `http://127.0.0.1:PORT`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Closes `server`, once the connections it still has are gone. */
export const closeServer = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()))
