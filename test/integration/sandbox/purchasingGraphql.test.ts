import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { purchasingClient, type Json } from './purchasingClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const api = () => purchasingClient(sandbox, () => sandbox.users[0]!)

interface Order {
  id: number
  authorized: boolean
  received: boolean
  paid: boolean
  voided: boolean
  import: boolean
  consolidate_id: number | null
  total: number
  payee: { name: string }
  currency: { code: string }
  purchase_order_details: { quantity: number; received_quantity: number; item: { perishable: boolean } }[]
}

describe('purchasing through GraphQL', () => {
  it('serves the seeded orders in every state with their lines, supplier and currency', async () => {
    const { purchase_orders } = await api().gql<{ purchase_orders: Order[] }>(
      `{ purchase_orders(order_by: {id: asc}) { id authorized received paid voided import consolidate_id total
           payee { name } currency { code } purchase_order_details { quantity received_quantity item { perishable } } } }`,
    )
    const byId = new Map(purchase_orders.map((o) => [o.id, o]))
    expect([...byId.keys()]).toEqual([7001, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7009, 7010, 7011])
    expect(byId.get(7002)).toMatchObject({ import: true, currency: { code: 'USD' }, payee: { name: 'Importadora Pacífico Ltd.' } })
    expect(byId.get(7004)!.received).toBe(false)
    expect(byId.get(7004)!.purchase_order_details.map((d) => d.received_quantity)).toEqual([8, 0])
    expect(byId.get(7005)).toMatchObject({ received: true, paid: false })
    expect(byId.get(7007)).toMatchObject({ received: true, paid: true })
    expect([byId.get(7008)!.consolidate_id, byId.get(7009)!.consolidate_id]).toEqual([8001, 8001])
    expect(byId.get(7010)!.authorized).toBe(false)
    expect(byId.get(7011)!.voided).toBe(true)
    expect(byId.get(7003)!.purchase_order_details.map((d) => d.item.perishable)).toEqual([true, false])
    expect(byId.get(7001)!.total).toBe(787.36)
  })

  it('serves receptions with their lines, consolidates with their orders, suppliers and currencies', async () => {
    const data = await api().gql<{
      receptions: { purchase_order_id: number; received: boolean; reception_details: { quantity: string; lot_id: number | null }[] }[]
      consolidates: { name: string; purchase_orders: { id: number }[] }[]
      payees: { name: string }[]
      currencies: { code: string; symbol: string }[]
    }>(
      `{ receptions(order_by: {purchase_order_id: asc}) { purchase_order_id received reception_details { quantity lot_id } }
         consolidates { name purchase_orders(order_by: {id: asc}) { id } }
         payees(order_by: {id: asc}) { name } currencies(order_by: {id: asc}) { code symbol } }`,
    )
    expect(data.receptions.map((r) => [r.purchase_order_id, r.received])).toEqual([
      [7004, false],
      [7005, true],
      [7006, true],
      [7007, true],
    ])
    expect(data.receptions[0]!.reception_details).toEqual([{ quantity: 8, lot_id: expect.any(Number) }])
    expect(data.consolidates).toEqual([{ name: 'Contenedor Pacífico octubre', purchase_orders: [{ id: 7008 }, { id: 7009 }] }])
    expect(data.payees).toHaveLength(4)
    expect(data.currencies.map((c) => c.code)).toEqual(['GTQ', 'USD', 'EUR'])
  })
})

describe('purchasing through GraphQL with the extensions off (only what the real service offers)', () => {
  let real: RunningSandbox
  beforeAll(async () => {
    real = await startSandbox({ extensions: false })
  })
  afterAll(() => real.close())
  const realApi = () => purchasingClient(real, () => real.users[0]!)

  it('serves the real columns: booked/delivered quantity and unit cost, the currency prefix, receptions of an order with their lot fields', async () => {
    const data = await realApi().gql<{
      purchase_orders: {
        currency_id: number
        purchase_order_details: { booked_quantity: number; delivered_quantity: number; unit_cost: number }[]
        receptions: { reception_details: Json[] }[]
      }[]
      currencies: { code: string; prefix: string; country: string | null }[]
    }>(
      `query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { currency_id purchase_order_details(order_by: {id: asc}) { booked_quantity delivered_quantity unit_cost }
         receptions { reception_details { quantity lot_name lot_expire lot_delivered_quantity lot_description } } }
         currencies(order_by: {id: asc}) { code prefix country } }`,
      { id: 7004 },
    )
    expect(data.purchase_orders[0]!.purchase_order_details.map((d) => [d.booked_quantity, d.delivered_quantity])).toEqual([
      [20, 8],
      [5, 0],
    ])
    expect(data.purchase_orders[0]!.purchase_order_details[0]!.unit_cost).toEqual(expect.any(Number))
    expect(data.purchase_orders[0]!.receptions[0]!.reception_details).toEqual([
      { quantity: 8, lot_name: null, lot_expire: null, lot_delivered_quantity: null, lot_description: null },
    ])
    // country: the real service's (SDK CurrencyGraphQL); the euro names none.
    expect(data.currencies.map((c) => [c.code, c.prefix, c.country])).toEqual([
      ['GTQ', 'Q', 'Guatemala'],
      ['USD', 'US$', 'Estados Unidos'],
      ['EUR', '€', null],
    ])
  })

  it('refuses what only the sandbox has, as Hasura refuses an unknown field', async () => {
    for (const query of [
      '{ receptions { id } }',
      '{ currencies { symbol } }',
      '{ purchase_orders { exchange_rate } }',
      '{ purchase_order_details { quantity } }',
      '{ consolidates { special_invoice } }',
    ]) {
      await expect(realApi().gql(query), query).rejects.toThrow(/not found|Cannot query field/)
    }
  })
})
