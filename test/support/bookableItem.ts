import { agencyStock } from './agencyStock'
import type { RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from './coreHarness'

/** An active item with stock to spare at the user's agency, and another agency to send it to. */
export async function bookableItem(h: CoreHarness): Promise<{ item: number; destination: number }> {
  const origin = (await h.call('profile.whoami')).agency!.id
  const { stocks, agencies } = await agencyStock(h, origin, 30)
  return { item: stocks[0]!.item, destination: agencies.find((a) => a !== origin)! }
}

/** The same, asked once of a sandbox by a core signed in as its first user (closed after). */
export async function bookableItemOf(sandbox: RunningSandbox, dataDir: string): Promise<{ item: number; destination: number }> {
  const h = await coreHarness(dataDir)
  try {
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    return await bookableItem(h)
  } finally {
    await h.close()
  }
}
