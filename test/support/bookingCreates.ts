/** A booking's create on its way to the service (POST …/bookings.json), as the intercepting proxy sees it. */
export const isBookingCreate = (req: { method?: string; url?: string }): boolean =>
  req.method === 'POST' && /bookings\.json/.test(req.url ?? '')

/** The create's body without its memo: a service that drops the marker the memo carries. */
export function withoutMemo(body: string): string {
  const sent = JSON.parse(body) as { shipment: Record<string, unknown> }
  delete sent.shipment.memo
  return JSON.stringify(sent)
}

/** Every create reaches the service without its memo. */
export const memoDropped = (req: { method?: string; url?: string }) =>
  isBookingCreate(req) ? { rewrite: withoutMemo, afterForward: true as const } : null

/** As memoDropped, and the answer is lost after the service created the booking. */
export const memoDroppedAnswerLost = (req: { method?: string; url?: string }) =>
  isBookingCreate(req) ? { rewrite: withoutMemo, drop: true, afterForward: true as const } : null
