import { agencyStock } from './agencyStock'
import type { CoreHarness } from './coreHarness'

/** An active item with stock to spare at the user's agency, and another agency to send it to. */
export async function bookableItem(h: CoreHarness): Promise<{ item: number; destination: number }> {
  const origin = (await h.call('profile.whoami')).agency!.id
  const { stocks, agencies } = await agencyStock(h, origin, 30)
  return { item: stocks[0]!.item, destination: agencies.find((a) => a !== origin)! }
}
