import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { purchasingClient } from './purchasingClient'
import { control } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => purchasingClient(sandbox, ana)
const ids = (orders: { id: number | string }[]) => orders.map((o) => Number(o.id))

describe('GET /purchases/consolidates/new.json', () => {
  it('lists the authorised orders that are in no consolidate, not paid and not voided, with every amount a decimal string', async () => {
    const res = await api().candidates()
    expect(res.status).toBe(200)
    expect(ids(res.body).sort()).toEqual([7001, 7002, 7003, 7004, 7005, 7006])
    const imported = res.body.find((o) => o.id === 7002)!
    expect(imported).toMatchObject({
      import: true,
      currency_id: 2,
      exchange_rate: 7.75,
      subtotal: '325.0',
      tax1: '39.0',
      total: '364.0',
      consolidate_id: null,
    })
    expect(imported.currency).toEqual({ id: 2, code: 'USD', name: 'Dólar estadounidense', symbol: 'US$' })
    expect(imported.payee).toEqual({ id: 6002, name: 'Importadora Pacífico Ltd.' })
    expect(imported.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(imported.pdf).toEqual({ url: expect.any(String), thumbnail: { url: expect.any(String) } })
  })

  it('is per entity: the other company sees only its own', async () => {
    const res = await purchasingClient(sandbox, () => sandbox.users[2]!).candidates()
    expect(ids(res.body).sort()).toEqual([7101, 7102, 7103])
  })
})

describe('POST /purchases/consolidates.json', () => {
  it('groups two orders: each keeps its identity and points at the consolidate, and leaves the candidates', async () => {
    const res = await api().createConsolidate('Contenedor noviembre', [7001, 7002], 'Flete compartido')
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Contenedor noviembre',
      description: 'Flete compartido',
      user_id: 5001,
      entity_id: 101,
      item_id: null,
      special_invoice: false,
    })
    expect(ids(res.body.purchase_orders)).toEqual([7001, 7002])
    const { purchase_orders } = await api().gql<{ purchase_orders: { id: number; consolidate_id: number | null; reference: string }[] }>(
      '{ purchase_orders(where: {id: {_in: [7001, 7002]}}, order_by: {id: asc}) { id consolidate_id reference } }',
    )
    expect(purchase_orders).toEqual([
      { id: 7001, consolidate_id: res.body.id, reference: 'COT-2026-118' },
      { id: 7002, consolidate_id: res.body.id, reference: 'PI-88231' },
    ])
    expect(ids((await api().candidates()).body)).not.toContain(7001)
  })

  it('refuses a blank name, no orders, and orders that cannot be consolidated, changing nothing', async () => {
    const res = await api().createConsolidate('  ', [])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ name: ['no puede estar en blanco'], purchase_orders: ['debe incluir al menos una orden de compra'] })
    const taken = await api().createConsolidate('Otra', [7001, 7008, 7010, 7101])
    expect(taken.body).toEqual({
      purchase_orders: [
        'la orden 7008 no se puede consolidar',
        'la orden 7010 no se puede consolidar',
        'la orden 7101 no se puede consolidar',
      ],
    })
    expect(ids((await api().candidates()).body)).toContain(7001)
  })
})

describe('show, edit, update and delete', () => {
  it('shows and edits the seeded consolidate in the detail style, with its orders', async () => {
    for (const res of [await api().showConsolidate(8001), await api().editConsolidate(8001)]) {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: '8001', name: 'Contenedor Pacífico octubre', user_id: '5001' })
      expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/)
      expect(ids(res.body.purchase_orders)).toEqual([7008, 7009])
    }
    expect((await api().showConsolidate(999)).body).toEqual({ error: "Couldn't find Consolidate with 'id'=999" })
  })

  it('updates the name and description only, and refuses a blank name', async () => {
    const res = await api().updateConsolidate(8001, { name: 'Contenedor renombrado', description: 'Nueva nota', item_id: 5 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Contenedor renombrado', description: 'Nueva nota', item_id: null })
    const bad = await api().updateConsolidate(8001, { name: '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toEqual({ name: ['no puede estar en blanco'] })
    expect((await api().showConsolidate(8001)).body.name).toBe('Contenedor renombrado')
  })

  it('deletes with 204 and no body; its orders are released and can be consolidated again', async () => {
    const res = await api().deleteConsolidate(8001)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expect((await api().showConsolidate(8001)).status).toBe(404)
    expect(ids((await api().candidates()).body)).toEqual(expect.arrayContaining([7008, 7009]))
    expect((await api().deleteConsolidate(8001)).status).toBe(404)
  })
})

describe('special-invoice consolidates', () => {
  it('lists only the received, unpaid orders', async () => {
    const res = await api().specialCandidates()
    expect(res.status).toBe(200)
    expect(ids(res.body).sort()).toEqual([7005, 7006])
    expect(res.body.every((o) => o.received === true && o.paid === false)).toBe(true)
  })

  it('creates one with the configured item and charge term and the next special-invoice number', async () => {
    const res = await api().createSpecial('Compras sin factura', [7005, 7006])
    expect(res.status).toBe(201)
    // The seed sets item_for_consolidates to the entity's first item; 6503 is its charge term forcing prices without taxes.
    const { items } = await api().gql<{ items: { id: number }[] }>('{ items(where: {zid: {_eq: 1}}) { id } }')
    expect(res.body).toMatchObject({ special_invoice: true, charge_term_id: 6503, id_number: 'FESP-101-000001', item_id: items[0]!.id })
    expect(res.body.issued_at).toEqual(expect.any(String))
    expect(ids(res.body.purchase_orders)).toEqual([7005, 7006])
    const second = await api().createSpecial('Otra', [7005])
    expect(second.body).toEqual({ purchase_orders: ['la orden 7005 no se puede consolidar'] })
  })

  it('refuses an order that is not received', async () => {
    const res = await api().createSpecial('Sin recibir', [7001])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ purchase_orders: ['la orden 7001 no se puede consolidar'] })
  })

  it('the control door reads and switches the three prerequisites, and refuses a value that is not a boolean', async () => {
    const read = await control<Record<string, unknown>>(sandbox, 'GET', '/settings')
    expect(read.body).toMatchObject({ special_invoice_charge_term: true, item_for_consolidates: true, special_invoice_numbering: true })
    const bad = await api().settings({ item_for_consolidates: 'no' })
    expect(bad.status).toBe(400)
    expect((await control<Record<string, unknown>>(sandbox, 'GET', '/settings')).body.item_for_consolidates).toBe(true)
    // A reset puts them back.
    await api().settings({ special_invoice_numbering: false })
    await sandbox.reset()
    expect((await control<Record<string, unknown>>(sandbox, 'GET', '/settings')).body.special_invoice_numbering).toBe(true)
  })

  it.each([
    ['special_invoice_charge_term', 'charge_term_id', 'no hay una condición de pago con «forzar precio sin impuestos» activa'],
    ['item_for_consolidates', 'item_id', 'la variable de compras item_for_consolidates no tiene un producto'],
    ['special_invoice_numbering', 'id_number', 'no hay numeración automática para facturas especiales'],
  ])('refuses when %s is missing, naming it on %s, and takes no order', async (setting, field, message) => {
    expect((await api().settings({ [setting]: false })).status).toBe(200)
    const res = await api().createSpecial('Compras sin factura', [7005])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ [field]: [message] })
    expect(ids((await api().specialCandidates()).body)).toContain(7005)
    await api().settings({ [setting]: true })
    expect((await api().createSpecial('Compras sin factura', [7005])).status).toBe(201)
  })
})
