import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { cli } from '../support/cliRun'
import { startInterceptingProxy, type InterceptingProxy } from '../support/interceptingProxy'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { tempDir, tempDirInTest } from '../support/tempDir'

// Issue 28, item 7: what the counter can tell is wrong is refused when it is typed, offline, with the
// field named, never queued to be refused by the service after a sync (or, worse, counted in the local
// stock figures first).
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness
let origin: number
let destination: number
/** An active item with stock at the origin, its code and one of its lots. */
let item: { id: number; code: string; lot: number }
/** An item of the catalogue the service has withdrawn. */
let inactive: { id: number; code: string; name: string }
/** A lot of another item than `item`. */
let otherLot: number
const user = () => sandbox.users[0]!
const asUser = () => ({ MOSTRADOR_EMAIL: user().email, MOSTRADOR_TOKEN: user().token })

async function gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  return (await h.call('graphql.query', { query, variables })).data as T
}

const booking = (over: Partial<BookingInput> = {}): BookingInput => ({
  agencyToId: destination,
  plannedDelivery: '2026-12-01',
  reference: null,
  lines: [{ itemId: item.id, bookedQuantity: '1' }],
  ...over,
})

/** Runs `work` with the service out of reach, and says how many requests tried to leave. */
async function offline<T>(work: () => Promise<T>): Promise<{ result: T | AppError; requests: number }> {
  let requests = 0
  const result = await proxy.during(
    () => {
      requests++
      return { status: 503, body: { error: 'unreachable' } }
    },
    () => work().catch((err: unknown) => AppError.from(err)),
  )
  return { result, requests }
}

async function refusal(work: () => Promise<unknown>): Promise<AppError> {
  const { result, requests } = await offline(work)
  expect(requests, 'nothing is asked of the service to refuse it').toBe(0)
  expect(result).toBeInstanceOf(AppError)
  return result as AppError
}

/** A data folder the command line has signed in from once (it then knows its entity). */
async function cliDataDir(): Promise<string> {
  const dataDir = tempDirInTest()
  expect((await cli(['--server', sandbox.url, 'whoami'], asUser(), dataDir)).code).toBe(0)
  return dataDir
}

const waiting = () => h.core.services.bookings.local().outbox.counts().queued

async function availableNow(): Promise<number | null> {
  const scanned = await h.call('counter.scan', { code: item.code })
  if (scanned.kind !== 'item') throw new Error(`${item.code} scans as ${scanned.kind}`)
  return scanned.item.item.available
}

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  await h.call('session.signIn', { serverUrl: proxy.url, email: user().email, token: user().token })
  origin = (await h.call('profile.whoami')).agency!.id
  await h.call('catalogue.pull')
  const data = await gql<{
    lot_stocks: { lot_id: number; lot: { item_id: number } }[]
    agencies: { id: number }[]
  }>(
    `query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 50}}, order_by: [{id: asc}]) { lot_id lot { item_id } }
      agencies(order_by: [{id: asc}]) { id } }`,
    { a: origin },
  )
  const items = await gql<{ items: { id: number; code: string; name: string; active: boolean }[] }>(
    'query($ids: [bigint!]!) { items(where: {id: {_in: $ids}}) { id code name active } }',
    { ids: data.lot_stocks.map((s) => s.lot.item_id) },
  )
  const stocked = data.lot_stocks.find((s) => items.items.some((i) => i.id === s.lot.item_id && i.active))!
  item = { id: stocked.lot.item_id, code: items.items.find((i) => i.id === stocked.lot.item_id)!.code, lot: stocked.lot_id }
  otherLot = data.lot_stocks.find((s) => s.lot.item_id !== item.id)!.lot_id
  destination = data.agencies.find((a) => a.id !== origin)!.id
  const withdrawn = await gql<{ items: { id: number; code: string; name: string }[] }>(
    '{ items(where: {active: {_eq: false}}, order_by: [{id: asc}], limit: 1) { id code name } }',
  )
  inactive = withdrawn.items[0]!
})
afterAll(async () => {
  await h?.close()
  await proxy?.close()
  await sandbox?.close()
})

describe('a date that is not on the calendar', () => {
  it('is refused at entry, offline, naming the planned delivery', async () => {
    const before = waiting()
    const err = await refusal(() => h.call('bookings.create', booking({ plannedDelivery: '2025-02-30' })))
    expect(err).toMatchObject({ code: 'bad_input', field: 'plannedDelivery' })
    expect(waiting()).toBe(before)
    // The 29th of February only in a leap year.
    await expect(h.call('bookings.create', booking({ plannedDelivery: '2025-02-29', draft: true }))).rejects.toMatchObject({
      field: 'plannedDelivery',
    })
    const leap = await h.call('bookings.create', booking({ plannedDelivery: '2028-02-29', draft: true }))
    expect(leap.booking.plannedDelivery).toBe('2028-02-29')
    // An edit is held to the same calendar (the contract names its fields under `changes`).
    await expect(h.call('bookings.update', { id: leap.booking.localId, changes: { plannedDelivery: '2026-04-31' } })).rejects.toMatchObject(
      { code: 'bad_input', field: 'changes.plannedDelivery' },
    )
  })

  it('is refused by the command line before anything is queued', async () => {
    const dataDir = await cliDataDir()
    const res = await cli(
      [
        '--server',
        sandbox.url,
        'bookings',
        'create',
        '--to',
        String(destination),
        '--planned-delivery',
        '2025-02-30',
        '--line',
        `${item.id}:1`,
      ],
      asUser(),
      dataDir,
    )
    expect(res.code).not.toBe(0)
    expect(res.stderr).toMatch(/planned/i)
    expect((await cli(['--server', sandbox.url, '--json', 'outbox', 'list'], asUser(), dataDir)).stdout).not.toMatch(/create/)
  })
})

describe('what the cached catalogue knows is not there', () => {
  it('an unknown item is refused at entry with its line named', async () => {
    const err = await refusal(() =>
      h.call(
        'bookings.create',
        booking({
          lines: [
            { itemId: item.id, bookedQuantity: '1' },
            { itemId: 987_654_321, bookedQuantity: '1' },
          ],
        }),
      ),
    )
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[1].itemId' })
    expect(err.fields['lines[1].itemId']?.join(' ')).toMatch(/987654321/)
  })

  it('an unknown lot is refused at entry with its line named', async () => {
    const err = await refusal(() =>
      h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '1', lotId: 987_654_321 }] })),
    )
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].lotId' })
  })

  it("a lot of another item is refused at entry, naming the line's item", async () => {
    const err = await refusal(() =>
      h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '1', lotId: otherLot }] })),
    )
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].lotId' })
    expect(err.fields['lines[0].lotId']?.join(' ')).toContain(item.code)
  })

  it('an unknown destination or origin is refused at entry with its field named', async () => {
    const foreign = bookingFacts[101].foreignAgency
    const to = await refusal(() => h.call('bookings.create', booking({ agencyToId: foreign })))
    expect(to).toMatchObject({ code: 'bad_input', field: 'agencyToId' })
    const from = await refusal(() => h.call('bookings.create', booking({ agencyFromId: foreign })))
    expect(from).toMatchObject({ code: 'bad_input', field: 'agencyFromId' })
  })

  it('an inactive destination is refused at entry, named', async () => {
    const closed = bookingFacts[101].inactiveAgency!
    const err = await refusal(() => h.call('bookings.create', booking({ agencyToId: closed })))
    expect(err).toMatchObject({ code: 'bad_input', field: 'agencyToId' })
    expect(err.fields.agencyToId?.join(' ')).toMatch(/inactiv/)
  })

  it("an inactive item is refused at entry with its line named and the product's code and name", async () => {
    const err = await refusal(() => h.call('bookings.create', booking({ lines: [{ itemId: inactive.id, bookedQuantity: '1' }] })))
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].itemId' })
    const said = err.fields['lines[0].itemId']?.join(' ') ?? ''
    expect(said).toContain(inactive.code)
    expect(said).toContain(inactive.name)
  })

  it('a catalogue never pulled refuses nothing; the draft kept then is refused when submitted after a pull', async () => {
    const fresh = await coreHarness(tempDirInTest(), { requestTimeoutMs: 3000 })
    try {
      await fresh.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
      await fresh.call('profile.whoami')
      const { booking: draft } = await fresh.call(
        'bookings.create',
        booking({ draft: true, lines: [{ itemId: 987_654_321, bookedQuantity: '1' }] }),
      )
      expect(draft.state).toBe('draft')
      await fresh.call('catalogue.pull')
      await expect(fresh.call('bookings.submit', { id: draft.localId })).rejects.toMatchObject({
        code: 'bad_input',
        field: 'lines[0].itemId',
      })
      expect((await fresh.call('bookings.get', { id: draft.localId })).state).toBe('draft')
    } finally {
      await fresh.close()
    }
  })

  it('an edit to an unknown item is refused as the create is', async () => {
    const { booking: draft } = await h.call('bookings.create', booking({ draft: true }))
    const err = await refusal(() =>
      h.call('bookings.update', { id: draft.localId, changes: { lines: [{ itemId: inactive.id, bookedQuantity: '2' }] } }),
    )
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].itemId' })
    expect((await h.call('bookings.get', { id: draft.localId })).lines[0]?.itemId).toBe(item.id)
  })
})

describe('a quantity beyond what the service stores', () => {
  it('is refused with the limit in the message, and the availability is untouched', async () => {
    const before = await availableNow()
    const err = await refusal(() =>
      h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '99999999999999999999999' }] })),
    )
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].bookedQuantity' })
    expect(err.fields['lines[0].bookedQuantity']?.join(' ')).toMatch(/999999999\.9999/)
    const decimals = await refusal(() => h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '1.00001' }] })))
    expect(decimals.fields['lines[0].bookedQuantity']?.join(' ')).toMatch(/4/)
    expect(await availableNow()).toBe(before)
    // A booking within the limits still weighs on the figure as it did.
    const { booking: ok } = await h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '2.5' }] }))
    expect(await availableNow()).toBe(before === null ? null : before - 2.5)
    await h.call('outbox.discard', { seq: h.core.services.bookings.local().outbox.unsentCreate(ok.localId)!.seq })
    expect(await availableNow()).toBe(before)
  })

  it('keeps what waits unsent of an item within the same limit, so the local figure stays exact', async () => {
    const before = await availableNow()
    const { booking: most } = await h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '999999999' }] }))
    expect(await availableNow()).toBe(before === null ? null : before - 999_999_999)
    const err = await refusal(() => h.call('bookings.create', booking({ lines: [{ itemId: item.id, bookedQuantity: '1' }] })))
    expect(err).toMatchObject({ code: 'bad_input', field: 'lines[0].bookedQuantity' })
    expect(err.fields['lines[0].bookedQuantity']?.join(' ')).toMatch(/999999999\.9999/)
    await h.call('outbox.discard', { seq: h.core.services.bookings.local().outbox.unsentCreate(most.localId)!.seq })
    expect(await availableNow()).toBe(before)
  })

  it('is refused by the command line with the limit', async () => {
    const res = await cli(
      ['--server', sandbox.url, 'bookings', 'create', '--to', String(destination), '--line', `${item.id}:99999999999999999999999`],
      asUser(),
      await cliDataDir(),
    )
    expect(res.code).not.toBe(0)
    expect(res.stderr).toMatch(/999999999\.9999/)
  })
})

describe('a text measured as the service measures it', () => {
  it('takes 255 characters of a reference however JavaScript counts them, and refuses the 256th at entry', async () => {
    const longest = '🙂'.repeat(255)
    const { booking: kept } = await h.call('bookings.create', booking({ reference: longest }))
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: kept.localId })).toMatchObject({ state: 'synced', reference: longest })
    const err = await refusal(() => h.call('bookings.create', booking({ reference: `${longest}🙂` })))
    expect(err).toMatchObject({ code: 'bad_input', field: 'reference' })
    expect(err.fields.reference?.join(' ')).toMatch(/255/)
  })
})

describe('a spreadsheet far beyond the row limit', () => {
  it('is refused while it streams, quickly, without stopping the event loop', async () => {
    const dir = tempDirInTest()
    const path = join(dir, 'paquetes.xlsx')
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false })
    const sheet = writer.addWorksheet('bundles')
    sheet.addRow(['code', 'name', 'description', 'ean13', 'tags', 'components']).commit()
    for (let i = 1; i <= 300_000; i++) sheet.addRow([`P-${i}`, `Paquete ${i}`, '', '', '', `${item.code}:1`]).commit()
    sheet.commit()
    await writer.commit()
    const file = { fileName: 'paquetes.xlsx', base64: readFileSync(path).toString('base64') }

    // The longest the event loop went without running a timer while the file was read.
    let longestStall = 0
    let last = performance.now()
    const ticker = setInterval(() => {
      const now = performance.now()
      longestStall = Math.max(longestStall, now - last)
      last = now
    }, 10)
    const started = performance.now()
    const err = await h.call('bundles.importPreview', file).catch((e: unknown) => e)
    const took = performance.now() - started
    clearInterval(ticker)
    console.info(
      `300,000-row xlsx (${(file.base64.length * 0.75) / 1e6} MB): refused in ${took.toFixed(0)} ms, longest stall ${longestStall.toFixed(0)} ms`,
    )

    expect(err).toMatchObject({ code: 'bad_input', field: 'file' })
    expect((err as AppError).detail).toMatch(/20[,.]?000/)
    expect(took).toBeLessThan(5_000)
    expect(longestStall).toBeLessThan(500)
  })
})
