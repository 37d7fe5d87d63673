import { networkInterfaces } from 'node:os'

/**
 * An address of this computer that is not loopback (its network card's): a service listening there is
 * "another computer" to the app's address check (core/api/serviceAddress.ts), which reads the address and
 * never where a name resolves, while the test still needs no network.
 */
export function nonLoopbackAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  throw new Error('this test needs a network interface with a non-loopback IPv4 address')
}
