import type { RunningSandbox } from '@sandbox'
import { gqlData, graphqlToken } from './sandboxClient'

/** The references of the service's bookings that start with `prefix-`, sorted: what another client reads there. */
export async function referencesOnService(sandbox: RunningSandbox, prefix: string): Promise<string[]> {
  const user = sandbox.users[0]!
  const data = await gqlData<{ shipments: { reference: string }[] }>(
    sandbox,
    await graphqlToken(sandbox, user),
    'query($r: String!) { shipments(where: {reference: {_ilike: $r}}) { reference } }',
    { r: `${prefix}-%` },
  )
  return data.shipments.map((s) => s.reference).sort()
}
