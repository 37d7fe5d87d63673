import { describe, expect, it } from 'vitest'
import { bookableItem } from '../../support/bookableItem'
import { useProxiedSession } from '../../support/proxiedSession'

// A write whose answer never arrives, or arrives in a shape we did not expect,
// after the service recorded it: the clerk must not be invited to save it again.
const session = useProxiedSession()

const isReceptionCreate = (req: { method?: string; url?: string }) =>
  req.method === 'POST' && /^\/purchases\/purchase_orders\/\d+\/receptions\.json/.test(req.url ?? '')

async function receiveOne(orderId: number) {
  const draft = await session.h.call('receptions.draft', { orderId })
  const line = draft.lines.find((l) => !l.perishable)!
  return session.h.call('receptions.create', {
    orderId,
    agencyId: draft.agencyId!,
    lines: [{ itemId: line.itemId, purchaseOrderDetailId: line.purchaseOrderDetailId, quantity: '1' }],
  })
}

describe('a reception the service recorded', () => {
  it('whose answer was lost is found on the service and reported saved, once', async () => {
    await session.sandbox.reset()
    const before = await session.h.call('receptions.ofOrder', { orderId: 7003 })
    const result = await session.proxy.during(
      (req) => (isReceptionCreate(req) ? { drop: true, afterForward: true } : null),
      () => receiveOne(7003),
    )
    const after = await session.h.call('receptions.ofOrder', { orderId: 7003 })
    expect(after).toHaveLength(before.length + 1)
    expect(result.receptionId).toBe(after[0]!.id)
    expect(result.order?.id).toBe(7003)
  })

  it('answered in a shape the client did not expect is done: the order is read back, nothing asks to save again', async () => {
    await session.sandbox.reset()
    const result = await session.proxy.during(
      (req) => (isReceptionCreate(req) ? { status: 201, body: { id: 'not the order' }, afterForward: true } : null),
      () => receiveOne(7003),
    )
    const after = await session.h.call('receptions.ofOrder', { orderId: 7003 })
    expect(after).toHaveLength(1)
    expect(result.receptionId).toBe(after[0]!.id)
    expect(result.order).toMatchObject({ id: 7003 })
  })

  it('that was not recorded after all still reports the lost answer, so the clerk can check and save again', async () => {
    await session.sandbox.reset()
    const refused = session.proxy.during(
      (req) => (isReceptionCreate(req) ? { status: 503, body: { error: 'down' } } : null),
      () => receiveOne(7003),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect(await session.h.call('receptions.ofOrder', { orderId: 7003 })).toEqual([])
  })
})

const isConsolidateCreate = (req: { method?: string; url?: string }) =>
  req.method === 'POST' && /^\/purchases\/consolidates\.json/.test(req.url ?? '')

describe('a consolidate the service recorded', () => {
  it('whose answer was lost is found on the service, once, with its orders', async () => {
    await session.sandbox.reset()
    const input = { name: 'Contenedor perdido', orderIds: [7001, 7003] }
    const created = await session.proxy.during(
      (req) => (isConsolidateCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('consolidates.create', input),
    )
    expect(created.name).toBe(input.name)
    expect(created.orders.map((o) => o.id)).toEqual(input.orderIds)
    expect((await session.h.call('consolidates.list')).filter((c) => c.name === input.name)).toHaveLength(1)
  })

  it('answered in an unexpected shape is read back instead of failing', async () => {
    await session.sandbox.reset()
    const input = { name: 'Contenedor raro', orderIds: [7001] }
    const created = await session.proxy.during(
      (req) => (isConsolidateCreate(req) ? { status: 201, body: ['not', 'a', 'consolidate'], afterForward: true } : null),
      () => session.h.call('consolidates.create', input),
    )
    expect(created).toMatchObject({ name: input.name, orders: [expect.objectContaining({ id: 7001 })] })
  })

  it('for a special invoice, whose answer was lost, is found once with its number', async () => {
    await session.sandbox.reset()
    const isSpecialCreate = (req: { method?: string; url?: string }) =>
      req.method === 'POST' && req.url === '/purchases/consolidates/create_for_special_invoice.json'
    const input = { name: 'Factura especial perdida', orderIds: [7005], special: true }
    const created = await session.proxy.during(
      (req) => (isSpecialCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('consolidates.create', input),
    )
    expect(created).toMatchObject({
      name: input.name,
      specialInvoice: true,
      idNumber: 'FESP-101-000001',
      orders: [expect.objectContaining({ id: 7005 })],
    })
    expect((await session.h.call('consolidates.list')).filter((c) => c.name === input.name)).toHaveLength(1)
  })

  it('that was not recorded still reports the failure', async () => {
    await session.sandbox.reset()
    const refused = session.proxy.during(
      (req) => (isConsolidateCreate(req) ? { status: 503, body: { error: 'down' } } : null),
      () => session.h.call('consolidates.create', { name: 'Nunca', orderIds: [7001] }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect((await session.h.call('consolidates.list')).filter((c) => c.name === 'Nunca')).toEqual([])
  })
})

describe('a return the service recorded', () => {
  it('whose answer was lost is read back as returned, and a second return is not needed', async () => {
    await session.sandbox.reset()
    const { receptionId } = await receiveOne(7003)
    // As the SDK returns one: rebound.json naming the order.
    const isReturn = (req: { method?: string; url?: string }) =>
      req.method === 'GET' && (req.url ?? '').startsWith(`/purchases/receptions/${receptionId}/rebound.json?`)
    const returned = await session.proxy.during(
      (req) => (isReturn(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('receptions.return', { id: receptionId! }),
    )
    expect(returned).toMatchObject({ id: receptionId, voided: true })
    expect((await session.h.call('receptions.get', { id: receptionId! })).voided).toBe(true)
  })

  it('that did not happen still reports the failure', async () => {
    await session.sandbox.reset()
    const { receptionId } = await receiveOne(7003)
    // As the SDK returns one: rebound.json naming the order.
    const isReturn = (req: { method?: string; url?: string }) =>
      req.method === 'GET' && (req.url ?? '').startsWith(`/purchases/receptions/${receptionId}/rebound.json?`)
    await expect(
      session.proxy.during(
        (req) => (isReturn(req) ? { status: 503, body: { error: 'down' } } : null),
        () => session.h.call('receptions.return', { id: receptionId! }),
      ),
    ).rejects.toMatchObject({ code: 'server' })
    expect((await session.h.call('receptions.get', { id: receptionId! })).voided).toBe(false)
  })
})

describe('a bundle the service recorded', () => {
  const isBundleCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && req.url === '/inventories/bundles.json'
  const onService = async (code: string) => {
    const user = session.sandbox.users[0]!
    const res = await fetch(`${session.sandbox.url}/inventories/bundles.json`, {
      headers: { 'X-User-Email': user.email, 'X-User-Token': user.token },
    })
    return ((await res.json()) as { code: string }[]).filter((b) => b.code === code)
  }

  it('whose answer was lost is found by its code and shown, not created twice', async () => {
    await session.sandbox.reset()
    const created = await session.proxy.during(
      (req) => (isBundleCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('bundles.create', { code: 'KIT-PERDIDO', name: 'Kit perdido' }),
    )
    expect(created).toMatchObject({ code: 'KIT-PERDIDO', source: 'service' })
    expect(await onService('KIT-PERDIDO')).toHaveLength(1)
  })

  it('answered in an unexpected shape is read back by its code', async () => {
    await session.sandbox.reset()
    const created = await session.proxy.during(
      (req) => (isBundleCreate(req) ? { status: 201, body: { ok: true }, afterForward: true } : null),
      () => session.h.call('bundles.create', { code: 'KIT-RARO', name: 'Kit raro' }),
    )
    expect(created).toMatchObject({ code: 'KIT-RARO', name: 'Kit raro' })
  })
})

describe('a piecework group the service recorded', () => {
  const isGroupCreate = (req: { method?: string; url?: string }) =>
    req.method === 'POST' && req.url === '/payroll/settings/piecework_type_groups.json'

  it('whose answer was lost is found in the list and returned once', async () => {
    await session.sandbox.reset()
    const created = await session.proxy.during(
      (req) => (isGroupCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('pieceworkGroups.create', { name: 'Cosecha perdida' }),
    )
    expect(created.name).toBe('Cosecha perdida')
    expect((await session.h.call('pieceworkGroups.list')).filter((g) => g.name === 'Cosecha perdida')).toHaveLength(1)
  })

  it('that was not recorded still reports the failure', async () => {
    await session.sandbox.reset()
    const refused = session.proxy.during(
      (req) => (isGroupCreate(req) ? { status: 503, body: { error: 'down' } } : null),
      () => session.h.call('pieceworkGroups.create', { name: 'Nunca' }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
  })
})

const isBookingWrite = (method: string, path: RegExp) => (req: { method?: string; url?: string }) =>
  req.method === method && path.test(req.url ?? '')

describe('a booking the service recorded', () => {
  it('answered in a shape the client did not expect is done: read back by its marker, sent once, then edited without a conflict', async () => {
    const { item, destination } = await bookableItem(session.h)
    const input = {
      agencyToId: destination,
      plannedDelivery: '2026-12-02',
      reference: 'odd-answer',
      lines: [{ itemId: item, bookedQuantity: '1' }],
    }
    const { booking } = await session.h.call('bookings.create', input)
    const created = isBookingWrite('POST', /^\/pos\/bookings\.json/)
    const report = await session.proxy.during(
      (req) => (created(req) ? { status: 201, body: { ok: true }, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    expect(report).toMatchObject({ sent: 1, failed: 0, conflicts: 0 })
    const synced = await session.h.call('bookings.get', { id: booking.localId })
    expect(synced).toMatchObject({ state: 'synced', pending: 0 })
    const res = await session.h.call('graphql.query', {
      query: 'query($r: String!) { shipments(where: {reference: {_eq: $r}}) { id } }',
      variables: { r: 'odd-answer' },
    })
    expect((res.data as { shipments: { id: number }[] }).shipments.map((s) => s.id)).toEqual([synced.serviceId])

    // An edit answered oddly is done too; the version read back lets the next edit through.
    const updated = isBookingWrite('PUT', /^\/pos\/bookings\/\d+\.json/)
    await session.h.call('bookings.update', { id: booking.localId, changes: { reference: 'odd-answer-2' } })
    await session.proxy.during(
      (req) => (updated(req) ? { status: 200, body: 'fine', afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    await session.h.call('bookings.update', { id: booking.localId, changes: { reference: 'odd-answer-3' } })
    expect(await session.h.call('sync.push')).toMatchObject({ failed: 0, conflicts: 0, waiting: 0 })
    expect(await session.h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'synced', reference: 'odd-answer-3' })
  })
})

describe('a dynamic table write the service recorded', () => {
  const isTableCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && req.url === '/apps/webapp_tables.json'
  const isRowCreate = (req: { method?: string; url?: string }) =>
    req.method === 'POST' && /^\/apps\/webapp_tables\/\d+\/webapp_rows\.json$/.test(req.url ?? '')
  const isRowEdit = (req: { method?: string; url?: string }) =>
    req.method === 'PATCH' && /^\/apps\/webapp_tables\/\d+\/webapp_rows\/\d+\.json$/.test(req.url ?? '')
  const columns = [
    { name: 'Ruta', type: 'text' as const },
    { name: 'Costo', type: 'number' as const },
  ]
  const named = async (name: string) => (await session.h.call('dynamicTables.list')).filter((t) => t.name === name)
  const freshTable = async () => {
    await session.sandbox.reset()
    const table = await session.h.call('dynamicTables.create', { name: 'Fletes', columns })
    // A row like the one the tests add, written before: it must not be taken for the new one.
    const earlier = await session.h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Norte', Costo: 12 } })
    return { table, earlier }
  }
  const rowsOf = async (tableId: number) => (await session.h.call('dynamicTables.rows', { id: tableId })).rows

  it('creating a table, whose answer was lost, finds it by its name and creates it once', async () => {
    await session.sandbox.reset()
    const created = await session.proxy.during(
      (req) => (isTableCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('dynamicTables.create', { name: 'Fletes perdidos', columns }),
    )
    expect(created).toMatchObject({ name: 'Fletes perdidos', columns })
    expect((await named('Fletes perdidos')).map((t) => t.id)).toEqual([created.id])
  })

  it('creating a table answered in an unexpected shape is done and read back', async () => {
    await session.sandbox.reset()
    const created = await session.proxy.during(
      (req) => (isTableCreate(req) ? { status: 201, body: { ok: true }, afterForward: true } : null),
      () => session.h.call('dynamicTables.create', { name: 'Fletes raros', columns }),
    )
    expect(created).toMatchObject({ name: 'Fletes raros', columns })
    expect((await named('Fletes raros')).map((t) => t.id)).toEqual([created.id])
  })

  it('creating a table that was not recorded reports the failure, so the clerk can send it again', async () => {
    await session.sandbox.reset()
    const refused = session.proxy.during(
      (req) => (isTableCreate(req) ? { status: 503, body: { error: 'down' } } : null),
      () => session.h.call('dynamicTables.create', { name: 'Nunca', columns }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect(await named('Nunca')).toEqual([])
  })

  it('adding a row, whose answer was lost, finds the new row (not the same-looking older one) and adds it once', async () => {
    const { table, earlier } = await freshTable()
    const added = await session.proxy.during(
      (req) => (isRowCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Norte', Costo: 12 } }),
    )
    expect(added.id).not.toBe(earlier.id)
    expect(await rowsOf(table.id)).toEqual([earlier, { id: added.id, data: { Ruta: 'Norte', Costo: 12 } }])
  })

  it('adding a row answered in an unexpected shape is done and read back', async () => {
    const { table, earlier } = await freshTable()
    const added = await session.proxy.during(
      (req) => (isRowCreate(req) ? { status: 201, body: ['fine'], afterForward: true } : null),
      () => session.h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Sur', Costo: 7 } }),
    )
    expect(await rowsOf(table.id)).toEqual([earlier, { id: added.id, data: { Ruta: 'Sur', Costo: 7 } }])
  })

  it('adding a row that was not recorded reports the failure, and the table is unchanged', async () => {
    const { table, earlier } = await freshTable()
    const refused = session.proxy.during(
      (req) => (isRowCreate(req) ? { status: 503, body: { error: 'down' } } : null),
      () => session.h.call('dynamicTables.addRow', { tableId: table.id, data: { Ruta: 'Sur', Costo: 7 } }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect(await rowsOf(table.id)).toEqual([earlier])
  })

  it('editing a row, whose answer was lost, reads the row back and reports it saved', async () => {
    const { table, earlier } = await freshTable()
    const edited = await session.proxy.during(
      (req) => (isRowEdit(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('dynamicTables.updateRow', { tableId: table.id, rowId: earlier.id, data: { Costo: 30 } }),
    )
    expect(edited).toEqual({ id: earlier.id, data: { Ruta: 'Norte', Costo: 30 } })
  })

  it('editing a row answered in an unexpected shape is done and read back', async () => {
    const { table, earlier } = await freshTable()
    const edited = await session.proxy.during(
      (req) => (isRowEdit(req) ? { status: 200, body: 'ok', afterForward: true } : null),
      () => session.h.call('dynamicTables.updateRow', { tableId: table.id, rowId: earlier.id, data: { Costo: 31 } }),
    )
    expect(edited).toEqual({ id: earlier.id, data: { Ruta: 'Norte', Costo: 31 } })
    expect(await rowsOf(table.id)).toEqual([edited])
  })

  it('editing a row that was not recorded reports the failure, and the row is unchanged', async () => {
    const { table, earlier } = await freshTable()
    const refused = session.proxy.during(
      (req) => (isRowEdit(req) ? { status: 503, body: { error: 'down' } } : null),
      () => session.h.call('dynamicTables.updateRow', { tableId: table.id, rowId: earlier.id, data: { Costo: 32 } }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect(await rowsOf(table.id)).toEqual([earlier])
  })
})
