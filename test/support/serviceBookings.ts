import type { CoreHarness } from './coreHarness'

/** How many bookings on the service carry this marker in their memo (read through the signed-in core). */
export async function serviceBookingsWith(h: CoreHarness, marker: string): Promise<number> {
  const res = await h.call('graphql.query', {
    query: 'query($m: String!) { shipments(where: {memo: {_ilike: $m}}) { id } }',
    variables: { m: `%${marker}%` },
  })
  return (res.data as { shipments: unknown[] }).shipments.length
}
