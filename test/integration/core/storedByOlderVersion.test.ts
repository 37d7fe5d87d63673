import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// What an older version left on a clerk's computer must still be sent and read after an upgrade, whatever
// our own types' field names become: the outbox payloads, the bookings' lines and the open booking are
// stored in the shape below (the service's names), written here as raw JSON text on purpose, so a rename
// of our types cannot change this test's fixtures along with the code.
let sandbox: RunningSandbox
let h: CoreHarness
const user = () => sandbox.users[0]!

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

const db = () => h.core.services.bookings.local().store.db

async function onService(reference: string) {
  const res = await h.call('graphql.query', {
    query:
      'query($r: String!) { shipments(where: {reference: {_eq: $r}}) { id agency_to_id planned_delivery movements { item_id booked_quantity } } }',
    variables: { r: reference },
  })
  return (
    res.data as {
      shipments: {
        id: number
        agency_to_id: number
        planned_delivery: string
        movements: { item_id: number; booked_quantity: number | string }[]
      }[]
    }
  ).shipments
}

describe('an outbox entry stored by an older version', () => {
  it('is sent once, as it was stored, and its booking reads with its lines', async () => {
    const { item, destination } = await bookableItem(h)
    const origin = (await h.call('profile.whoami')).agency!.id
    // A booking made by this version, then its row and its entry rewritten exactly as the old version wrote them.
    const { booking } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: '2026-12-03',
      reference: 'placeholder',
      lines: [{ itemId: item, bookedQuantity: '5' }],
    })
    const lines = `[{"item_id":${item},"booked_quantity":"2","lot_id":null,"serial_number":null,"reference":"old line","bundle_id":null}]`
    const payload =
      `{"agency_from_id":${origin},"agency_to_id":${destination},"planned_delivery":"2026-12-04","reference":"stored-by-old",` +
      `"needs_transport":false,"transfer_request_id":null,"lines":${lines}}`
    db()
      .prepare(
        "UPDATE bookings SET lines = ?, planned_delivery = '2026-12-04', reference = 'stored-by-old', needs_transport = 0 WHERE local_id = ?",
      )
      .run(lines, booking.localId)
    expect(db().prepare("UPDATE outbox SET payload = ? WHERE local_id = ? AND op = 'create'").run(payload, booking.localId).changes).toBe(1)

    const local = await h.call('bookings.get', { id: booking.localId })
    expect(local.lines).toHaveLength(1)
    // Typed reads (not toMatchObject literals): a rename of our fields follows them.
    expect(local.lines[0]?.bookedQuantity).toBe('2')
    expect(local.lines[0]?.reference).toBe('old line')

    expect(await h.call('sync.push')).toMatchObject({ sent: 1, failed: 0, conflicts: 0 })
    const shipments = await onService('stored-by-old')
    expect(shipments).toHaveLength(1)
    expect(shipments[0]).toMatchObject({ agency_to_id: destination, planned_delivery: '2026-12-04' })
    expect(shipments[0]!.movements.map((m) => [m.item_id, Number(m.booked_quantity)])).toEqual([[item, 2]])
    // Nothing is sent twice.
    expect(await h.call('sync.push')).toMatchObject({ sent: 0, waiting: 0 })
    expect(await onService('stored-by-old')).toHaveLength(1)
    expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'synced', serviceId: shipments[0]!.id })

    // An update stored by the old version (with the base_lock_version it wrote then) goes as well.
    await h.call('bookings.update', { id: booking.localId, changes: { reference: 'placeholder-2' } })
    const update = `{"reference":"stored-by-old-2","lines":[{"item_id":${item},"booked_quantity":"3","lot_id":null,"serial_number":null,"reference":null,"bundle_id":null}],"base_lock_version":1}`
    expect(
      db().prepare("UPDATE outbox SET payload = ? WHERE local_id = ? AND op = 'update' AND state = 'queued'").run(update, booking.localId)
        .changes,
    ).toBe(1)
    expect(await h.call('sync.push')).toMatchObject({ sent: 1, failed: 0, conflicts: 0 })
    const edited = await onService('stored-by-old-2')
    expect(edited.map((s) => s.id)).toEqual([shipments[0]!.id])
    expect(edited[0]!.movements.map((m) => [m.item_id, Number(m.booked_quantity)])).toEqual([[item, 3]])
  })
})

describe('an open booking kept by an older version', () => {
  it('reads back with its lines', async () => {
    const entityId = (await h.call('counter.openBooking')).entityId
    const kept =
      `{"entityId":${entityId},"form":{"destination":12,"plannedDelivery":"2026-11-24","reference":"de ayer","needsTransport":false,"transferRequestId":null,` +
      `"lines":[{"key":1,"item_id":31,"code":"ART-31","name":"Tornillo","available":40,"lots":[],"lot_id":null,"quantity":"2","serial_number":"S-1","reference":"","bundle_id":null,"bundle_code":null}]}}`
    db()
      .prepare(
        "INSERT INTO documents (key, value, updated_at) VALUES ('counter_open_booking', ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(kept, new Date().toISOString())
    const open = (await h.call('counter.openBooking')).open
    expect(open?.form.reference).toBe('de ayer')
    expect(open?.form.lines).toHaveLength(1)
    expect(open?.form.lines[0]).toMatchObject({ key: 1, code: 'ART-31', quantity: '2', available: 40 })
    expect(open?.form.lines[0]?.itemId).toBe(31)
    expect(open?.form.lines[0]?.serialNumber).toBe('S-1')
  })
})

describe('the profile and the company kept by an older version', () => {
  it('read back offline, with the time zone and the company fields', async () => {
    const who = await h.call('profile.whoami')
    const entity = who.currentEntity!
    const accountDb = h.core.services.session.require().accountDb
    // Exactly what the version before camelCase wrote for the last whoami and company (the service's names).
    const keptWho =
      `{"profile":{"id":${who.profile.id},"email":"old@mostrador.test","name":"Ana de antes","mobile_phone":"+502 5555 0000","language":"es","time_zone":"America/Guatemala"},` +
      `"memberships":[{"id":1,"current":true,"active":true,"entity":{"id":${entity.id},"name":"${entity.name}"}}],` +
      `"currentEntity":{"id":${entity.id},"name":"${entity.name}"},"agency":{"id":7,"name":"Bodega vieja"},"agencyError":null,"fromCache":false}`
    const keptCompany =
      `{"id":${entity.id},"name":"Empresa de antes","tin":"1234567-8","currency_id":1,"entity_type_id":2,"industry":null,"web":null,"notes":null,` +
      `"vat":0.12,"vat_included":true,"logo":null,"logo_2":null,"report_logo":{"url":"https://x.test/r.png","thumb":null,"standard":null,"header":null},` +
      `"created_at":"2024-01-02T03:04:05.000Z","updated_at":null,"distributor":null,"costing_method":"average","address":"6a avenida","state":null,"city":"Guatemala",` +
      `"income_tax":0.05,"distributor_contract_id":null,"producer_contract_id":null,"legal_representative_name":"Rosa Pérez",` +
      `"legal_representative_identification":null,"legal_representative_birthday":"1980-05-06","legal_representative_gender":null,` +
      `"legal_representative_marital_status":null,"legal_representative_occupation":null,"legal_representative_nationality":null,` +
      `"exporter_code":null,"payee_activity_id":null,"taxpayer_registry":null,"donation_acceptance_code":null,"country_id":502}`
    const keep = accountDb.prepare(
      'INSERT INTO documents (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    keep.run('whoami', keptWho, new Date().toISOString())
    keep.run(`company:${entity.id}`, keptCompany, new Date().toISOString())

    sandbox.setFaults({ errorShare: 1 })
    try {
      const offline = await h.call('profile.whoami')
      expect(offline.fromCache).toBe(true)
      expect(offline.profile).toEqual({
        id: who.profile.id,
        email: 'old@mostrador.test',
        name: 'Ana de antes',
        mobilePhone: '+502 5555 0000',
        language: 'es',
        timeZone: 'America/Guatemala',
      })
      expect(offline.agency).toEqual({ id: 7, name: 'Bodega vieja' })
      const company = await h.call('company.get')
      // Typed reads (not a literal): a rename of our fields follows them.
      expect(company.name).toBe('Empresa de antes')
      expect(company.currencyId).toBe(1)
      expect(company.vatIncluded).toBe(true)
      expect(company.reportLogo?.url).toBe('https://x.test/r.png')
      expect(company.legalRepresentativeBirthday).toBe('1980-05-06')
      expect(company.createdAt).toBe('2024-01-02T03:04:05.000Z')
      expect(company.countryId).toBe(502)
    } finally {
      sandbox.setFaults({ errorShare: 0 })
    }
  })
})

describe('a bundle kept in the catalogue cache by an older version', () => {
  it('reads back with its record, its components and their items', async () => {
    const store = h.core.services.catalogue.store()
    const agency = (await h.call('profile.whoami')).agency!.id
    const id = 990_001
    const item = 990_101
    // The record as bundleRecordJson writes it (the service's names), raw text on purpose: see the top of this file.
    const record =
      `{"image":{"url":"https://files.example/p.jpg","thumbnail_url":"https://files.example/p-thumb.jpg"},"image2":null,"image3":null,` +
      `"image4":null,"image5":null,"id":${id},"zid":77,"active":true,"code":"OLD-PAQ","ean13":"7409100000072","name":"Paquete viejo",` +
      `"description":"desc","extra_description":"más","entity_id":5,"updater_id":3,"created_at":"2026-01-02T03:04:05.000Z",` +
      `"updated_at":null,"bundle_details_count":1,"pays_vat":true,"quotable":false,"ecommerce":true,"sellable":true,"purchasable":false,` +
      `"force_as_service_for_document_external_storage_service":false,"category_bundle":false,"item_category_id":null,` +
      `"item_country_code_id":4,"weight":2.5,"volume":null,"measurement_unit":"kit","color":"#1E88E5","youtube_video_url":null,"tags":["viejo"]}`
    store.db.transaction(() => {
      store.db.prepare('INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?)').run(item, 'OLD-ART', 'Artículo viejo', null, 'caja', 8, 1)
      store.db.prepare('INSERT INTO item_fts (rowid, code, name, ean13) VALUES (?, ?, ?, ?)').run(item, 'OLD-ART', 'Artículo viejo', '')
      store.db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(item, agency, 7)
      store.db
        .prepare('INSERT INTO bundles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(id, 'OLD-PAQ', 'Paquete viejo', '7409100000072', 1, 0, null, 1, '["viejo"]')
      store.db.prepare('INSERT INTO bundle_records (id, record) VALUES (?, ?)').run(id, record)
      store.db.prepare('INSERT INTO bundle_components (bundle_id, id, item_id, quantity) VALUES (?, ?, ?, ?)').run(id, 55, item, '2')
    })()

    const detail = await h.call('bundles.get', { id })
    // Typed reads (not toMatchObject literals): a rename of our fields follows them.
    expect(detail.code).toBe('OLD-PAQ')
    expect(detail.extraDescription).toBe('más')
    expect(detail.measurementUnit).toBe('kit')
    expect(detail.paysVat).toBe(true)
    expect(detail.ecommerce).toBe(true)
    expect(detail.itemCountryCodeId).toBe(4)
    expect(detail.createdAt).toBe('2026-01-02T03:04:05.000Z')
    expect(detail.image?.thumbnailUrl).toBe('https://files.example/p-thumb.jpg')
    expect(detail.tags).toEqual(['viejo'])
    expect(detail.components).toHaveLength(1)
    expect(detail.components[0]?.itemId).toBe(item)
    expect(detail.components[0]?.itemCode).toBe('OLD-ART')
    expect(detail.components[0]?.itemName).toBe('Artículo viejo')
    expect(detail.components[0]?.quantity).toBe('2')
    expect(detail.components[0]?.available).toBe(7)
    expect(detail.available).toBe(3)

    const [found] = await h.call('items.search', { query: 'OLD-ART' })
    expect(found?.id).toBe(item)
    expect(found?.measurementUnit).toBe('caja')
    expect(found?.itemCategoryId).toBe(8)
    expect(found?.available).toBe(7)
  })
})

describe('a refusal stored by an older version', () => {
  it('reads with the fields named as ours, as a refusal of this version is', async () => {
    const { item, destination } = await bookableItem(h)
    const { booking } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: '2026-12-05',
      reference: 'refused-by-old',
      lines: [{ itemId: item, bookedQuantity: '1' }],
    })
    // The refusal exactly as the version before wrote it: the service's field names.
    const refusal =
      '{"code":"validation","message":{"es":"Revise los datos marcados.","en":"Please check the highlighted fields."},' +
      '"detail":"no puede estar en blanco","field":"agency_to_id","fields":{"agency_to_id":["no puede estar en blanco"],' +
      '"movements[0].booked_quantity":["debe ser mayor que 0"]}}'
    expect(
      db().prepare("UPDATE outbox SET state = 'failed', last_error = ? WHERE local_id = ? AND op = 'create'").run(refusal, booking.localId)
        .changes,
    ).toBe(1)
    const expected = { agencyToId: ['no puede estar en blanco'], 'lines[0].bookedQuantity': ['debe ser mayor que 0'] }
    const read = await h.call('bookings.get', { id: booking.localId })
    expect(read.problem?.fields).toEqual(expected)
    expect(read.problem?.field).toBe('agencyToId')
    const entry = (await h.call('outbox.list')).find((e) => e.localId === booking.localId)
    expect(entry?.lastError?.fields).toEqual(expected)
    await h.call('bookings.delete', { id: booking.localId })
  })
})
