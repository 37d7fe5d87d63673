import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { ScanResult, ScannedItem } from '@shared/counter'
import { answerWithItems } from '@shared/scanAnswerItems'
import { MOVED_GATHERED_MS } from '@core/services/counterService'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { sandboxExtensions } from '../../support/sandboxMode'
import { tempDir } from '../../support/tempDir'

// The counter's reads against the sandbox: the form's reference data, scanned
// codes, the agency's bookings read into the cache, transfer requests.
// Fixtures are read through fields the real service has, so the same file runs with the sandbox's
// extensions off (project integration-real); there the counter does without POS settings and transfer requests.
let sandbox: RunningSandbox
let h: CoreHarness
let origin: number
const user = () => sandbox.users[0]!
/** How far the core's clock runs ahead of the real one (the history window is measured with it). */
let ahead = 0

async function gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  return (await h.call('graphql.query', { query, variables })).data as T
}

/** REST as the interface shows it, for fixtures GraphQL does not give on the real service. */
async function rest<T>(path: string): Promise<T> {
  const res = await fetch(`${sandbox.url}${path}`, {
    headers: { 'X-User-Email': user().email, 'X-User-Token': user().token, Accept: 'application/json' },
  })
  expect(res.ok).toBe(true)
  return (await res.json()) as T
}

async function control(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.ok).toBe(true)
}

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000, now: () => new Date(Date.now() + ahead) })
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
  origin = (await h.call('profile.whoami')).agency!.id
  await h.call('catalogue.pull')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('the new-booking form', () => {
  it("offers every other agency, or only those of the origin's category when the service says so", async () => {
    const { setup: all } = await h.call('counter.refresh')
    expect(all.agency?.id).toBe(origin)
    expect(all.filteredByCategory).toBe(false)
    expect(all.destinations.map((a) => a.id)).not.toContain(origin)
    const agencies = await gql<{ agencies: { id: number; agency_category_id: number | null }[] }>('{ agencies { id agency_category_id } }')
    expect(all.destinations).toHaveLength(agencies.agencies.length - 1)
    expect(all.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(all.unavailable).toEqual(sandboxExtensions ? [] : ['categoryFilter', 'transferRequests'])

    await control('settings', { filter_destinations_by_agency_category: true })
    try {
      const { setup: filtered } = await h.call('counter.refresh')
      if (sandboxExtensions) {
        const category = agencies.agencies.find((a) => a.id === origin)!.agency_category_id
        expect(filtered.filteredByCategory).toBe(true)
        expect(filtered.destinations.length).toBeGreaterThan(0)
        expect(filtered.destinations.length).toBeLessThan(all.destinations.length)
        expect(filtered.destinations.every((a) => a.agencyCategoryId === category)).toBe(true)
      } else {
        // The setting is not visible on this server: every other agency, and the counter says why.
        expect(filtered.filteredByCategory).toBe(false)
        expect(filtered.destinations).toEqual(all.destinations)
        expect(filtered.unavailable).toContain('categoryFilter')
      }
      // Offline, the last setting seen still applies.
      expect(await h.call('counter.setup')).toMatchObject({ destinations: filtered.destinations, unavailable: filtered.unavailable })
    } finally {
      await control('settings', { filter_destinations_by_agency_category: null })
    }
  })

  it("knows a scanned item barcode, a static bundle's components and nothing for an unknown code", async () => {
    const stocked = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gt: 0}}, order_by: [{id: asc}], limit: 200) { lot { item_id } } }',
      { a: origin },
    )
    const ids = [...new Set(stocked.lot_stocks.map((s) => s.lot.item_id))]
    const items = await gql<{ items: { id: number; code: string; ean13?: string | null }[] }>(
      `query($ids: [bigint!]!) { items(where: {id: {_in: $ids}}, order_by: [{id: asc}]) { id code ${sandboxExtensions ? 'ean13' : ''} } }`,
      { ids },
    )
    // An item's own barcode is a sandbox extension (itemBarcodes); its code is scanned on every server.
    const item = sandboxExtensions ? items.items.find((i) => i.ean13)! : items.items[0]!
    const scanned = await h.call('counter.scan', { code: item.ean13 ?? item.code })
    expect(scanned.kind).toBe('item')
    if (scanned.kind !== 'item') return
    expect(scanned.item.item.id).toBe(item.id)
    expect(scanned.item.lots.length).toBeGreaterThan(0)
    const expiries = scanned.item.lots.map((l) => l.expires).filter((e): e is string => e !== null)
    expect(expiries).toEqual([...expiries].sort())
    expect((await h.call('counter.scan', { code: item.code })).kind).toBe('item')

    // Whether a bundle is dynamic (category_bundle) is on the REST bundle, not on the real GraphQL bundles.
    const staticCodes = new Set(
      (await rest<{ code: string; category_bundle: boolean; active: boolean }[]>('/inventories/bundles.json'))
        .filter((b) => !b.category_bundle && b.active)
        .map((b) => b.code),
    )
    const listed = await gql<{ bundles: { code: string; bundle_details: { item_id: number; quantity: string }[] }[] }>(
      '{ bundles(where: {bundle_details_count: {_gte: 2}}, order_by: [{id: asc}], limit: 50) { code bundle_details { item_id quantity } } }',
    )
    const bundles = { bundles: listed.bundles.filter((b) => staticCodes.has(b.code)) }
    const bundle = bundles.bundles[0]!
    const expanded = await h.call('counter.scan', { code: bundle.code })
    expect(expanded.kind).toBe('bundle')
    if (expanded.kind !== 'bundle') return
    expect(expanded.components.map((c) => c.item.id)).toEqual(bundle.bundle_details.map((d) => d.item_id))

    expect(await h.call('counter.scan', { code: '0000000000000' })).toEqual({ kind: 'unknown', code: '0000000000000' })
  })

  it("lists a dynamic bundle's items that have stock here", async () => {
    const dynamic = {
      bundles: (
        await rest<{ code: string; item_category_id: number; category_bundle: boolean; active: boolean }[]>('/inventories/bundles.json')
      ).filter((b) => b.category_bundle && b.active),
    }
    const scanned = await h.call('counter.scan', { code: dynamic.bundles[0]!.code })
    expect(scanned.kind).toBe('bundle')
    if (scanned.kind !== 'bundle') return
    expect(scanned.components).toEqual([])
    expect(
      scanned.choices.every((c) => c.item.itemCategoryId === dynamic.bundles[0]!.item_category_id && (c.item.available ?? 0) > 0),
    ).toBe(true)
  })

  it('refuses an inactive bundle with the reason instead of handing out its components', async () => {
    const inactive = (await rest<{ code: string; name: string; active: boolean }[]>('/inventories/bundles.json')).find((b) => !b.active)
    expect(inactive, 'the seed has inactive bundles').toBeDefined()
    expect(await h.call('counter.scan', { code: inactive!.code })).toEqual({
      kind: 'refused',
      code: inactive!.code,
      reason: 'inactive',
      name: `${inactive!.code} ${inactive!.name}`,
    })
  })
  it("reads ahead, page by page, scan's own answers for the codes of the items (in stock here first) and of the static bundles", async () => {
    const answers: ScanResult[] = []
    let offset: number | null = 0
    let pages = 0
    while (offset !== null) {
      const page: { answers: ScanResult[]; next: number | null } = await h.call('counter.scanIndex', { offset, limit: 100 })
      // 100 items or bundles: a barcode and a code each at most.
      expect(page.answers.length).toBeLessThanOrEqual(200)
      answers.push(...page.answers)
      offset = page.next
      pages++
    }
    expect(pages).toBeGreaterThan(1)
    // Each is the answer a scan of its code gets, whatever its kind.
    for (const answer of answers) expect(await h.call('counter.scan', { code: answer.code })).toEqual(answer)
    const codes = new Set(answers.map((a) => a.code))
    const items = await h.call('items.search', { query: '', limit: 200 })
    const inStock = items.filter((i) => (i.available ?? 0) > 0)
    expect(inStock.length).toBeGreaterThan(0)
    expect(inStock.every((i) => codes.has(i.code) && (!i.ean13 || codes.has(i.ean13)))).toBe(true)
    // An item the cache says none of here comes too (the clerk holding one scans it), after those in stock.
    const order = answers.map((a) => a.code)
    const unstocked = items.filter((i) => !((i.available ?? 0) > 0))
    expect(unstocked.length).toBeGreaterThan(0)
    expect(unstocked.every((i) => codes.has(i.code))).toBe(true)
    const lastInStock = Math.max(...inStock.map((i) => order.indexOf(i.code)))
    expect(unstocked.every((i) => order.indexOf(i.code) > lastInStock)).toBe(true)
    const bundles = await rest<{ code: string; category_bundle: boolean; active: boolean }[]>('/inventories/bundles.json')
    // A dynamic bundle opens a picker anyway, and its answer lists a whole category: not read ahead.
    expect(bundles.filter((b) => b.category_bundle).some((b) => codes.has(b.code))).toBe(false)
    const inactive = bundles.find((b) => !b.active && !b.category_bundle)!
    expect(answers.find((a) => a.code === inactive.code)?.kind).toBe('refused')
    expect(answers.some((a) => a.kind === 'bundle' && a.components.length > 0)).toBe(true)
  })
})

describe("the agency's bookings", () => {
  it('are read into the cache, in transit ones included, and stay readable offline', async () => {
    const open = await gql<{ shipments: { id: number; shipped: boolean; agency_to_id: number }[] }>(
      'query($a: bigint!) { shipments(where: {voided: {_eq: false}, returned: {_eq: false}, delivered: {_eq: false}, _or: [{agency_from_id: {_eq: $a}}, {agency_to_id: {_eq: $a}}]}) { id shipped agency_to_id } }',
      { a: origin },
    )
    expect(open.shipments.length).toBeGreaterThan(0)
    await h.call('counter.refresh')
    const local = await h.call('bookings.list')
    const listed = new Set(local.map((b) => b.serviceId))
    for (const s of open.shipments) expect(listed.has(s.id)).toBe(true)
    const one = local.find((b) => b.serviceId === open.shipments[0]!.id)!
    expect(one.state).toBe('synced')
    expect(one.lines.length).toBeGreaterThan(0)
    expect(one.lines[0]!.itemCode).toEqual(expect.any(String))
  })

  it('keep a local edit that is still waiting, and drop what the service no longer lists', async () => {
    const local = await h.call('bookings.list')
    const open = local.find((b) => !b.shipped && b.agencyFromId === origin && b.serviceId !== null)!
    await h.call('bookings.update', { id: open.localId, changes: { reference: 'local edit waiting' } })
    // Another client delivers a booking in transit to us; a third one is deleted on the service.
    const gone = local.find((b) => !b.shipped && b.agencyFromId === origin && b.serviceId !== null && b.localId !== open.localId)!
    const headers = { 'X-User-Email': user().email, 'X-User-Token': user().token, Accept: 'application/json' }
    expect((await fetch(`${sandbox.url}/pos/bookings/${gone.serviceId}.json`, { method: 'DELETE', headers })).status).toBe(204)

    await h.call('counter.refresh')
    const after = await h.call('bookings.list')
    expect(after.find((b) => b.localId === open.localId)).toMatchObject({ reference: 'local edit waiting', state: 'pending' })
    expect(after.find((b) => b.serviceId === gone.serviceId)).toBeUndefined()
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: open.localId })).toMatchObject({ reference: 'local edit waiting', state: 'synced' })
  })

  it('an edit of a booking read by a refresh and changed elsewhere since is a conflict, not a silent overwrite', async () => {
    await h.call('counter.refresh')
    const theirs = (await h.call('bookings.list')).find(
      (b) => !b.shipped && !b.delivered && b.agencyFromId === origin && b.serviceId !== null && b.state === 'synced',
    )!
    const headers = {
      'X-User-Email': user().email,
      'X-User-Token': user().token,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    }
    const elsewhere = await fetch(`${sandbox.url}/pos/bookings/${theirs.serviceId}.json`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ shipment: { reference: 'changed elsewhere' } }),
    })
    expect(elsewhere.status).toBe(200)

    await h.call('bookings.update', { id: theirs.localId, changes: { reference: 'changed here' } })
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: theirs.localId })).toMatchObject({ state: 'conflict', problem: { code: 'conflict' } })
    const entry = (await h.call('outbox.list')).find((e) => e.localId === theirs.localId)!
    await h.call('outbox.keepTheirs', { seq: entry.seq })
    expect(await h.call('bookings.get', { id: theirs.localId })).toMatchObject({ state: 'synced', reference: 'changed elsewhere' })
  })

  it('pending transfer requests of the agency are offered with their lines, where the server has them', async () => {
    const requests = await h.call('counter.transferRequests')
    if (!sandboxExtensions) {
      // No transfer requests on this server: none offered, and the counter says so (the setup's note).
      expect(requests).toEqual([])
      expect((await h.call('counter.setup')).unavailable).toContain('transferRequests')
      return
    }
    expect(requests.length).toBeGreaterThan(0)
    for (const r of requests) {
      expect(r.agencyFromId).toBe(origin)
      expect(r.lines.length).toBeGreaterThan(0)
    }
  })
})

describe('stock per agency', () => {
  it('is read from the cache for every agency that holds the item', async () => {
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gt: 0}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const stock = (await h.call('counter.stock', { itemIds: [rows.lot_stocks[0]!.lot.item_id] }))[0]!.agencies
    expect(stock.find((s) => s.agencyId === origin)?.available).toBeGreaterThan(0)
  })
})

describe('a session refused while sending', () => {
  it('keeps every entry, asks to sign in again, and sends them once signed in', async () => {
    const users = (await (await fetch(`${sandbox.url}/__sandbox/users`)).json()) as { id: number; email: string }[]
    const me = users.find((u) => u.email === user().email)!
    const setup = await h.call('counter.setup')
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const { booking } = await h.call('bookings.create', {
      agencyToId: setup.destinations[0]!.id,
      plannedDelivery: setup.today,
      lines: [{ itemId: rows.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
    })
    const revoked = await fetch(`${sandbox.url}/__sandbox/users/${me.id}/token`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'a-brand-new-token-0001' }),
    })
    expect(revoked.ok).toBe(true)
    try {
      await expect(h.call('sync.push')).rejects.toMatchObject({ code: 'unauthorized' })
      expect(await h.call('sync.status')).toMatchObject({ signInNeeded: true, waiting: 1 })
      expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'pending', pending: 1 })

      await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: 'a-brand-new-token-0001' })
      await h.call('profile.whoami')
      expect(await h.call('sync.push')).toMatchObject({ sent: 1, waiting: 0 })
      expect(await h.call('sync.status')).toMatchObject({ signInNeeded: false, waiting: 0 })
      expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'synced' })
    } finally {
      await fetch(`${sandbox.url}/__sandbox/users/${me.id}/token`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: user().token }),
      })
    }
  })
})

describe('a draft', () => {
  it('stays on this computer until submitted: not queued, not earmarking, then sent once like any booking', async () => {
    const setup = await h.call('counter.setup')
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const item = rows.lot_stocks[0]!.lot.item_id
    const before = (await h.call('sync.status')).waiting
    const { booking } = await h.call('bookings.create', {
      agencyToId: setup.destinations[0]!.id,
      plannedDelivery: setup.today,
      reference: 'draft e2e',
      lines: [{ itemId: item, bookedQuantity: '2' }],
      draft: true,
    })
    expect(booking).toMatchObject({ state: 'draft', pending: 0 })
    expect((await h.call('sync.status')).waiting).toBe(before)
    await h.call('bookings.update', { id: booking.localId, changes: { reference: 'draft finished' } })
    expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'draft', reference: 'draft finished' })
    await expect(h.call('bookings.ship', { id: booking.localId })).rejects.toMatchObject({ code: 'conflict' })
    await h.call('sync.push')
    expect((await h.call('bookings.get', { id: booking.localId })).serviceId).toBeNull()

    expect((await h.call('bookings.submit', { id: booking.localId })).booking).toMatchObject({ state: 'pending', pending: 1 })
    await expect(h.call('bookings.submit', { id: booking.localId })).rejects.toMatchObject({ code: 'conflict' })
    await h.call('sync.push')
    const sent = await h.call('bookings.get', { id: booking.localId })
    expect(sent).toMatchObject({ state: 'synced', reference: 'draft finished' })
    const onService = await gql<{ shipments: { id: number }[] }>('query($r: String!) { shipments(where: {reference: {_eq: $r}}) { id } }', {
      r: 'draft finished',
    })
    expect(onService.shipments.map((s) => s.id)).toEqual([sent.serviceId])
  })

  it('is kept without a destination, and is submitted only once it has one', async () => {
    const setup = await h.call('counter.setup')
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const before = (await h.call('sync.status')).waiting
    const { booking } = await h.call('bookings.create', {
      plannedDelivery: setup.today,
      reference: 'draft with no destination yet',
      lines: [{ itemId: rows.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
      draft: true,
    })
    expect(booking).toMatchObject({ state: 'draft', agencyToId: null, pending: 0 })
    // Not as a booking to send, not submitted, not an edit of a queued booking: those need a destination.
    await expect(
      h.call('bookings.create', {
        plannedDelivery: setup.today,
        lines: [{ itemId: rows.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
      }),
    ).rejects.toMatchObject({ code: 'bad_input', field: 'agencyToId' })
    await expect(h.call('bookings.submit', { id: booking.localId })).rejects.toMatchObject({ code: 'bad_input', field: 'agencyToId' })
    expect((await h.call('sync.status')).waiting).toBe(before)

    await h.call('bookings.update', { id: booking.localId, changes: { agencyToId: setup.destinations[0]!.id } })
    expect((await h.call('bookings.submit', { id: booking.localId })).booking).toMatchObject({
      state: 'pending',
      agencyToId: setup.destinations[0]!.id,
    })
    await expect(h.call('bookings.update', { id: booking.localId, changes: { agencyToId: null } })).rejects.toMatchObject({
      code: 'bad_input',
      field: 'agencyToId',
    })
  })

  it('deleted, leaves nothing to send', async () => {
    const setup = await h.call('counter.setup')
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const { booking } = await h.call('bookings.create', {
      agencyToId: setup.destinations[0]!.id,
      plannedDelivery: setup.today,
      lines: [{ itemId: rows.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
      draft: true,
    })
    await h.call('bookings.delete', { id: booking.localId })
    await expect(h.call('bookings.get', { id: booking.localId })).rejects.toMatchObject({ code: 'not_found' })
    expect((await h.call('outbox.list')).some((e) => e.localId === booking.localId)).toBe(false)
  })
})

describe('the history a refresh keeps', () => {
  it("a booking delivered stays listed for 30 days (the bookings list's history), then leaves the cache", async () => {
    const setup = await h.call('counter.setup')
    const rows = await gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, limit: 1) { lot { item_id } } }',
      { a: origin },
    )
    const { booking } = await h.call('bookings.create', {
      agencyToId: setup.destinations[0]!.id,
      plannedDelivery: setup.today,
      reference: 'history of a month',
      needsTransport: false,
      lines: [{ itemId: rows.lot_stocks[0]!.lot.item_id, bookedQuantity: '1' }],
    })
    await h.call('sync.push')
    await h.call('bookings.deliver', { id: booking.localId })
    await h.call('sync.push')
    const serviceId = (await h.call('bookings.get', { id: booking.localId })).serviceId
    expect(serviceId).toEqual(expect.any(Number))
    try {
      // 29 days on (the service's clock has not moved: the window is what this computer asks for), it is still there.
      ahead = 29 * 24 * 3600_000
      await h.call('counter.refresh')
      expect((await h.call('bookings.list')).find((b) => b.serviceId === serviceId)).toMatchObject({
        delivered: true,
        reference: 'history of a month',
        state: 'synced',
      })
      // 31 days on it is out of the history, and out of the cache.
      ahead = 31 * 24 * 3600_000
      await h.call('counter.refresh')
      expect((await h.call('bookings.list')).find((b) => b.serviceId === serviceId)).toBeUndefined()
    } finally {
      ahead = 0
    }
  })
})

describe('a booking saved here', () => {
  it("tells the windows its items' new figures after the change itself, as a scan gives them: the answers kept for them, bundles' too, become a scan's again", async () => {
    const setup = await h.call('counter.setup')
    // A static bundle of two items or more and a dynamic one with choices here, as scanned before the booking.
    const bundles = (await rest<{ code: string; category_bundle: boolean; active: boolean }[]>('/inventories/bundles.json')).filter(
      (b) => b.active,
    )
    const scanAll = (codes: string[]) => Promise.all(codes.map((code) => h.call('counter.scan', { code })))
    const kit = (await scanAll(bundles.filter((b) => !b.category_bundle).map((b) => b.code))).find(
      (a) => a.kind === 'bundle' && a.components.length >= 2,
    )
    const pick = (await scanAll(bundles.filter((b) => b.category_bundle).map((b) => b.code))).find(
      (a) => a.kind === 'bundle' && a.choices.length > 0,
    )
    if (kit?.kind !== 'bundle' || pick?.kind !== 'bundle')
      throw new Error('the seed has a static bundle of two items and a dynamic one with choices')
    const component = kit.components[0]!.item
    const choice = pick.choices.find((c) => c.item.id !== component.id)!.item
    const item = await h.call('counter.scan', { code: component.code })
    const before = [item, kit, pick]
    // What the tests before moved is told first (a timer scheduled later for longer fires after it), so the
    // announcement below carries this booking's items alone.
    await new Promise((resolve) => setTimeout(resolve, MOVED_GATHERED_MS + 1))

    const order: string[] = []
    const stop = h.core.events.onAny((name) => order.push(name))
    const told = h.seen('counter.itemsMoved').length
    try {
      await h.call('bookings.create', {
        agencyToId: setup.destinations[0]!.id,
        plannedDelivery: setup.today,
        reference: 'figures told',
        lines: [
          { itemId: component.id, bookedQuantity: '1' },
          { itemId: choice.id, bookedQuantity: '1' },
        ],
      })
      await expect.poll(() => h.seen('counter.itemsMoved').length).toBe(told + 1)
    } finally {
      stop()
    }
    expect(order.indexOf('counter.itemsMoved')).toBeGreaterThan(order.indexOf('bookings.changed'))
    const { items } = h.seen('counter.itemsMoved').at(-1) as { items: ScannedItem[] }
    expect(items.map((i) => i.item.id).sort()).toEqual([component.id, choice.id].sort())
    const moved = new Map(items.map((i) => [i.item.id, i]))
    // The booked unit is out of what is available (net of this computer's unsent bookings).
    expect(moved.get(component.id)!.item.available).toBe(component.available! - 1)
    for (const answer of before) expect(answerWithItems(answer, moved)).toEqual(await h.call('counter.scan', { code: answer.code }))
    await h.call('sync.push')
  })
})
