import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScannedItem } from '@shared/counter'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { addItem, overStock, toBookingLines, type FormLine } from '@renderer/stores/bookingFormLines'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// The counter screen's over-stock warning and the save's come from one rule (src-shared/bookingLines)
// and one figure (cached stock net of this computer's unsent bookings, given to the screen by the scan):
// the same booking fed to both paths is warned about alike, decimals and unsent bookings included.
let sandbox: RunningSandbox
let h: CoreHarness
let item: number
let code: string
let destination: number
/** Active bundles of the catalogue: lines marked with them stay apart (a booking naming a bundle the catalogue lacks is refused). */
let bundles: number[] = []

async function scanned(): Promise<ScannedItem> {
  const found = await h.call('counter.scan', { code, kind: 'item' })
  if (found.kind !== 'item') throw new Error(`item ${code} not found by the counter`)
  return found.item
}

/** The screen's lines for these quantities, each a scan of the item with the quantity typed (one line per scan, not merged). */
function draft(item: ScannedItem, quantities: string[]): FormLine[] {
  // From different bundles so the rows stay apart, as a bundle's component and a loose scan would.
  return quantities.map((q, i) => addItem([], item, q, i === 0 ? null : { id: bundles[i - 1]!, code: `B${i}` }).line)
}

/** What the screen warns of (item → available) and what the save answers, in the same shape. */
async function bothWarnings(lines: FormLine[]): Promise<{ screen: [number, number][]; save: [number, number][] }> {
  const over = overStock(lines)
  const screen = [...new Map(lines.filter((l) => over.has(l.key)).map((l) => [l.itemId, over.get(l.key)!.available]))]
  // Kept as a draft: the booking does not weigh on the next case.
  const { warnings } = await h.call('bookings.create', {
    agencyToId: destination,
    plannedDelivery: '2026-12-01',
    lines: toBookingLines(lines),
    draft: true,
  })
  return { screen, save: warnings.map((w) => [w.itemId, w.available]) }
}

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('catalogue.pull')
  ;({ item, destination } = await bookableItem(h))
  const res = await h.call('graphql.query', {
    query: 'query($id: bigint!) { items(where: {id: {_eq: $id}}) { code } }',
    variables: { id: item },
  })
  code = (res.data as { items: { code: string }[] }).items[0]!.code
  bundles = (await h.call('catalogue.search', { active: 'active', limit: 5 })).rows.map((r) => r.id)
})
afterAll(async () => {
  await h?.close()
  await sandbox?.close()
})

describe('the over-stock warning on the screen and at the save', () => {
  it('agree on a booking with decimal quantities against stock reduced by an unsent booking', async () => {
    const stock = (await scanned()).item.available!
    expect(stock).toBeGreaterThan(3)

    // This computer booked 1.25 of it that the service has not confirmed (nothing pushes here).
    const { booking: unsent } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: '2026-12-01',
      lines: [{ itemId: item, bookedQuantity: '1.25' }],
    })
    expect(unsent).toMatchObject({ state: 'pending', serviceId: null })
    const item2 = await scanned()
    const net = new Decimal(stock).minus('1.25')
    // The screen compares against the net figure, not the raw cached stock.
    expect(item2.item.available).toBe(net.toNumber())

    // Exactly what is left, in two decimal lines (0.1 + the rest, which binary floats overshoot): no warning either side.
    const exact = await bothWarnings(draft(item2, ['0.1', net.minus('0.1').toString()]))
    expect(exact).toEqual({ screen: [], save: [] })

    // Between what is left and the raw stock: both warn, with the same net figure.
    const over = await bothWarnings(draft(item2, ['0.5', net.toString()]))
    expect(over.screen).toEqual([[item, net.toNumber()]])
    expect(over.save).toEqual(over.screen)
  })
})
