import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { restRouteModules } from '@sandbox/routes'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { documentedRest } from '../../support/documentedRest'
import { answerShapeProblems, type AnswerShape } from '../../support/answerShape'
import { gqlData, graphqlToken, rest } from './sandboxClient'

/**
 * Issue 29, item 1: with its extensions off the sandbox answers every REST request with the fields
 * public material shows (test/support/documentedRest.ts) and no other, so a client tested against it
 * reads nothing a real shop's service does not send. A sandbox-only key fails here the way an
 * invented GraphQL field fails realSchema.test.ts; a route with no call below fails too.
 */

let sandbox: RunningSandbox
let jwt: string
beforeAll(async () => {
  sandbox = await startSandbox({ extensions: false })
  jwt = await graphqlToken(sandbox, ana())
})
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const bundles = bundleFacts[101]
const bookings = bookingFacts[101]

interface Call {
  /** The route as the sandbox registers it, e.g. `GET /pos/bookings/:id.json`. */
  route: string
  path: () => string
  body?: () => unknown
  answer: AnswerShape
}

/** Ids made by earlier calls, for the calls that change or remove them. */
const made: Record<string, number> = {}
const remember = (key: string) => (body: unknown) => {
  made[key] = Number((body as { id: unknown }).id)
}

async function orderLine(orderId: number): Promise<{ id: number; item_id: number }> {
  const { purchase_orders } = await gqlData<{ purchase_orders: { purchase_order_details: { id: number; item_id: number }[] }[] }>(
    sandbox,
    jwt,
    'query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { purchase_order_details(order_by: {id: asc}) { id item_id } } }',
    { id: orderId },
  )
  return purchase_orders[0]!.purchase_order_details[0]!
}
async function newestReception(orderId: number): Promise<number> {
  const { purchase_orders } = await gqlData<{ purchase_orders: { receptions: { id: number }[] }[] }>(
    sandbox,
    jwt,
    'query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { receptions(order_by: {id: desc}, limit: 1) { id } } }',
    { id: orderId },
  )
  return purchase_orders[0]!.receptions[0]!.id
}
const lines: Record<number, { id: number; item_id: number }> = {}
const receive = (orderId: number) => ({
  reception: {
    agency_id: bookings.agency,
    reception_details_attributes: { 0: { item_id: lines[orderId]!.item_id, purchase_order_detail_id: lines[orderId]!.id, quantity: '1' } },
  },
})

/** The file as a multipart `bundle_import[file]`, as the docs show the service's imports. */
const importForm = () => {
  const form = new FormData()
  form.append('bundle_import[file]', new Blob(['code;name;components\nDOC-REST-1;Paquete documentado;\n']), 'paquetes.csv')
  return form
}
const booking = () => ({
  shipment: {
    agency_from_id: bookings.agency,
    agency_to_id: bookings.sameCategoryAgency,
    planned_delivery: '2026-12-01',
    movements_attributes: { 0: { item_id: bookings.stockedItem.id, booked_quantity: '1' } },
  },
})
const consolidate = (name: string, orderId: number) => ({
  consolidate: { name, description: '', purchase_orders_attributes: { 0: { id: orderId, consolidated: '1' } } },
})
const table = { webapp_table: { name: 'Documentada', rows_structure: ['Nombre'], rows_type: ['text'] } }
const row = { webapp_row: { data: { Nombre: 'uno' } } }
const pw = '/payroll/settings/piecework_type_groups'

const calls: Call[] = [
  // Token and profile.
  { route: 'GET /apps/graphql.json', path: () => '/apps/graphql.json', answer: 'graphqlToken' },
  {
    route: 'GET /profile.json',
    path: () => '/profile.json',
    answer: {
      record: 'profileAnswer',
      nested: { profile: 'profile', memberships: { list: { record: 'membership', nested: { entity: 'membershipEntity' } } } },
    },
  },
  { route: 'PATCH /profile.json', path: () => '/profile.json', body: () => ({ user: { name: 'Ana López' } }), answer: 'empty' },
  { route: 'GET /company.json', path: () => '/company.json', answer: 'company' },
  { route: 'PATCH /company.json', path: () => '/company.json', body: () => ({ selected_entity_id: '101' }), answer: 'empty' },
  // Bundles.
  { route: 'GET /inventories/bundles.json', path: () => '/inventories/bundles.json', answer: { list: 'bundle' } },
  {
    route: 'GET /inventories/bundles/:id.json',
    path: () => `/inventories/bundles/${bundles.withMovements.id}.json`,
    answer: { record: 'bundleWithComponents', nested: { bundle_details: { list: 'bundleComponent' } } },
  },
  {
    route: 'POST /inventories/bundles.json',
    path: () => '/inventories/bundles.json',
    body: () => ({ bundle: { code: 'DOC-REST-0', name: 'Documentado', bundle_details_attributes: {} } }),
    answer: { record: 'bundleWithComponents', nested: { bundle_details: { list: 'bundleComponent' } }, then: remember('bundle') },
  },
  {
    route: 'PATCH /inventories/bundles/:id.json',
    path: () => `/inventories/bundles/${made.bundle}.json`,
    body: () => ({ bundle: { name: 'Documentado 2' } }),
    answer: { record: 'bundleWithComponents', nested: { bundle_details: { list: 'bundleComponent' } } },
  },
  {
    route: 'PUT /inventories/bundles/:id.json',
    path: () => `/inventories/bundles/${made.bundle}.json`,
    body: () => ({ bundle: { name: 'Documentado 3' } }),
    answer: { record: 'bundleWithComponents', nested: { bundle_details: { list: 'bundleComponent' } } },
  },
  { route: 'DELETE /inventories/bundles/:id.json', path: () => `/inventories/bundles/${made.bundle}.json`, answer: 'empty' },
  {
    route: 'GET /inventories/bundles/get_dynamic_items_with_stock.json',
    path: () =>
      `/inventories/bundles/get_dynamic_items_with_stock.json?agency_id=${bundles.agencyWithStock}&bundle_id=${bundles.dynamic.id}`,
    answer: { list: 'dynamicItem' },
  },
  {
    route: 'POST /inventories/bundles/bundle_imports.json',
    path: () => '/inventories/bundles/bundle_imports.json',
    body: importForm,
    answer: 'empty',
  },
  // Bookings.
  { route: 'GET /pos/bookings.json', path: () => '/pos/bookings.json', answer: { list: 'shipment' } },
  { route: 'GET /pos/bookings/new.json', path: () => '/pos/bookings/new.json', answer: 'shipment' },
  { route: 'GET /pos/bookings/:id.json', path: () => `/pos/bookings/${bookings.bookings.open}.json`, answer: 'shipment' },
  { route: 'GET /pos/bookings/:id/edit.json', path: () => `/pos/bookings/${bookings.bookings.open}/edit.json`, answer: 'shipment' },
  {
    route: 'POST /pos/bookings.json',
    path: () => '/pos/bookings.json',
    body: booking,
    answer: { record: 'shipment', then: remember('booking') },
  },
  {
    route: 'PUT /pos/bookings/:id.json',
    path: () => `/pos/bookings/${made.booking}.json`,
    body: () => ({ shipment: { reference: 'documentada' } }),
    answer: 'shipment',
  },
  {
    route: 'PATCH /pos/bookings/:id.json',
    path: () => `/pos/bookings/${made.booking}.json`,
    body: () => ({ shipment: { reference: 'documentada 2' } }),
    answer: 'shipment',
  },
  { route: 'GET /pos/bookings/:id/ship.json', path: () => `/pos/bookings/${made.booking}/ship.json`, answer: 'shipment' },
  // The interface's deliver path takes a booking without transport; one in transit is received through the transits.
  {
    route: 'GET /pos/bookings/:id/deliver.json',
    path: () => `/pos/bookings/${bookings.bookings.noTransport}/deliver.json`,
    answer: 'shipment',
  },
  {
    route: 'PUT /inventories/transits/:id.json',
    path: () => `/inventories/transits/${made.booking}.json`,
    body: () => ({ shipment: { memo: 'recibido completo' } }),
    answer: 'shipment',
  },
  { route: 'DELETE /pos/bookings/:id.json', path: () => `/pos/bookings/${bookings.bookings.withBundle}.json`, answer: 'empty' },
  { route: 'DELETE /inventories/bookings/:id.json', path: () => `/inventories/bookings/${bookings.bookings.open}.json`, answer: 'empty' },
  // Consolidates.
  { route: 'GET /purchases/consolidates/new.json', path: () => '/purchases/consolidates/new.json', answer: { list: 'purchaseOrder' } },
  {
    route: 'GET /purchases/consolidates/new_for_special_invoice.json',
    path: () => '/purchases/consolidates/new_for_special_invoice.json',
    answer: { list: 'purchaseOrder' },
  },
  {
    route: 'POST /purchases/consolidates.json',
    path: () => '/purchases/consolidates.json',
    body: () => consolidate('Documentado', 7002),
    answer: { record: 'consolidate', then: remember('consolidate') },
  },
  {
    route: 'POST /purchases/consolidates/create_for_special_invoice.json',
    path: () => '/purchases/consolidates/create_for_special_invoice.json',
    body: () => consolidate('Factura especial documentada', 7005),
    answer: 'consolidate',
  },
  { route: 'GET /purchases/consolidates/:id.json', path: () => `/purchases/consolidates/${made.consolidate}.json`, answer: 'consolidate' },
  {
    route: 'GET /purchases/consolidates/:id/edit.json',
    path: () => `/purchases/consolidates/${made.consolidate}/edit.json`,
    answer: 'consolidate',
  },
  {
    route: 'PUT /purchases/consolidates/:id.json',
    path: () => `/purchases/consolidates/${made.consolidate}.json`,
    body: () => ({ consolidate: { name: 'Documentado 2' } }),
    answer: 'consolidate',
  },
  {
    route: 'PATCH /purchases/consolidates/:id.json',
    path: () => `/purchases/consolidates/${made.consolidate}.json`,
    body: () => ({ consolidate: { name: 'Documentado 3' } }),
    answer: 'consolidate',
  },
  { route: 'DELETE /purchases/consolidates/:id.json', path: () => `/purchases/consolidates/${made.consolidate}.json`, answer: 'empty' },
  // Purchase orders and receptions.
  { route: 'GET /purchases/purchase_orders/:id.json', path: () => '/purchases/purchase_orders/7002.json', answer: 'purchaseOrder' },
  {
    route: 'GET /purchases/purchase_orders/:orderId/receptions/new.json',
    path: () => '/purchases/purchase_orders/7003/receptions/new.json',
    answer: 'reception',
  },
  {
    route: 'POST /purchases/purchase_orders/:orderId/receptions.json',
    path: () => '/purchases/purchase_orders/7001/receptions.json',
    body: () => receive(7001),
    answer: { record: 'orderWithDetails', nested: { purchase_order_details: { list: 'purchaseOrderDetail' } } },
  },
  { route: 'GET /purchases/receptions/:id.json', path: () => `/purchases/receptions/${made.reception7001}.json`, answer: 'reception' },
  {
    route: 'GET /purchases/receptions/:id/rebound.json',
    path: () => `/purchases/receptions/${made.reception7001}/rebound.json?purchase_order_id=7001`,
    answer: 'reception',
  },
  { route: 'DELETE /purchases/receptions/:id.json', path: () => `/purchases/receptions/${made.reception7004}.json`, answer: 'reception' },
  // Piecework type groups.
  { route: `GET ${pw}.json`, path: () => `${pw}.json`, answer: { list: 'pieceworkGroup' } },
  { route: `GET ${pw}/new.json`, path: () => `${pw}/new.json`, answer: 'pieceworkGroup' },
  {
    route: `POST ${pw}.json`,
    path: () => `${pw}.json`,
    body: () => ({ piecework_type_group: { name: 'Documentado' } }),
    answer: 'text',
  },
  { route: `GET ${pw}/:id.json`, path: () => `${pw}/${made.piecework}.json`, answer: 'pieceworkGroup' },
  { route: `GET ${pw}/:id/edit.json`, path: () => `${pw}/${made.piecework}/edit.json`, answer: 'pieceworkGroup' },
  {
    route: `PUT ${pw}/:id.json`,
    path: () => `${pw}/${made.piecework}.json`,
    body: () => ({ piecework_type_group: { description: 'a' } }),
    answer: 'empty',
  },
  {
    route: `PATCH ${pw}/:id.json`,
    path: () => `${pw}/${made.piecework}.json`,
    body: () => ({ piecework_type_group: { description: 'b' } }),
    answer: 'empty',
  },
  { route: `DELETE ${pw}/:id.json`, path: () => `${pw}/${made.piecework}.json`, answer: 'empty' },
  // Document structures.
  ...['contract', 'purchase_order', 'invoice', 'shipment', 'entry', 'case'].map((type): Call => ({
    route: 'GET /apps/documents_structures/:type.json',
    path: () => `/apps/documents_structures/${type}.json`,
    answer: { keyed: 'documentField' },
  })),
  // Dynamic tables, each path with and without .json as the sandbox serves them.
  ...['', '.json'].flatMap((ext): Call[] => [
    {
      route: `POST /apps/webapp_tables${ext}`,
      path: () => `/apps/webapp_tables${ext}`,
      body: () => table,
      answer: { record: 'webappTable', then: remember(`table${ext}`) },
    },
    { route: `GET /apps/webapp_tables${ext}`, path: () => `/apps/webapp_tables${ext}`, answer: { list: 'webappTable' } },
    { route: `GET /apps/webapp_tables/:id${ext}`, path: () => `/apps/webapp_tables/${made[`table${ext}`]}${ext}`, answer: 'webappTable' },
    {
      route: `PATCH /apps/webapp_tables/:id${ext}`,
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}${ext}`,
      body: () => ({ webapp_table: { name: `Documentada${ext}` } }),
      answer: 'webappTable',
    },
    {
      route: `PUT /apps/webapp_tables/:id${ext}`,
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}${ext}`,
      body: () => ({ webapp_table: { name: `Documentada 2${ext}` } }),
      answer: 'webappTable',
    },
    {
      route: 'POST /apps/webapp_tables/:id/webapp_rows.json',
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}/webapp_rows.json`,
      body: () => row,
      answer: { record: 'webappRow', then: remember(`row${ext}`) },
    },
    {
      route: 'GET /apps/webapp_tables/:id/webapp_rows.json',
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}/webapp_rows.json`,
      answer: { list: 'webappRow' },
    },
    ...(['GET', 'PATCH', 'PUT'] as const).map((method): Call => ({
      route: `${method} /apps/webapp_tables/:id/webapp_rows/:rowId${ext}`,
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}/webapp_rows/${made[`row${ext}`]}${ext}`,
      body: method === 'GET' ? undefined : () => ({ webapp_row: { data: { Nombre: method } } }),
      answer: 'webappRow',
    })),
    {
      route: `DELETE /apps/webapp_tables/:id/webapp_rows/:rowId${ext}`,
      path: () => `/apps/webapp_tables/${made[`table${ext}`]}/webapp_rows/${made[`row${ext}`]}${ext}`,
      answer: 'empty',
    },
    { route: `DELETE /apps/webapp_tables/:id${ext}`, path: () => `/apps/webapp_tables/${made[`table${ext}`]}${ext}`, answer: 'empty' },
  ]),
  ...['', '.json'].map((ext): Call => ({
    route: `DELETE /apps/webapp_tables${ext}`,
    path: () => `/apps/webapp_tables${ext}?id=${made[`spare${ext}`]}`,
    answer: 'empty',
  })),
]

/** The routes the REST modules register, read by registering them on a recorder. */
function registeredRoutes(): string[] {
  const routes: string[] = []
  const anything: unknown = new Proxy(() => anything, { get: () => anything, apply: () => anything })
  const methods = ['get', 'post', 'put', 'patch', 'delete']
  const app = new Proxy(
    {},
    {
      get: (_target, name) =>
        methods.includes(String(name)) ? (path: string) => void routes.push(`${String(name).toUpperCase()} ${path}`) : () => undefined,
    },
  )
  for (const register of restRouteModules) register(app as never, anything as never)
  return routes
}

/** Set-up that is no answer under test: a line of each order, receptions and spare records to remove. */
async function prepare() {
  lines[7001] = await orderLine(7001)
  lines[7004] = await orderLine(7004)
  const first = await rest(sandbox, ana(), 'POST', '/purchases/purchase_orders/7004/receptions.json', receive(7004))
  expect(first.status).toBe(201)
  made.reception7004 = await newestReception(7004)
  const group = await rest<{ id: number }[]>(sandbox, ana(), 'GET', `${pw}.json`)
  made.piecework = group.body[0]!.id
  for (const ext of ['', '.json']) {
    const spare = await rest<{ id: number }>(sandbox, ana(), 'POST', '/apps/webapp_tables.json', {
      webapp_table: { name: `Sobrante${ext}`, rows_structure: ['Nombre'], rows_type: ['text'] },
    })
    made[`spare${ext}`] = spare.body.id
  }
}

describe('the sandbox with its extensions off answers REST with the documented fields only', () => {
  it('has a call below for every REST route it serves', () => {
    const covered = new Set(calls.map((c) => c.route))
    const registered = registeredRoutes()
    expect(registered.filter((r) => !covered.has(r))).toEqual([])
    expect([...covered].filter((r) => !registered.includes(r))).toEqual([])
  })

  it('answers every call with exactly the fields public material shows', async () => {
    await prepare()
    const problems: string[] = []
    for (const call of calls) {
      const path = call.path()
      const res = await rest(sandbox, ana(), call.route.split(' ')[0]!, path, call.body?.())
      if (res.status >= 300) {
        problems.push(`${call.route} (${path}): ${res.status} ${JSON.stringify(res.body)}`)
        continue
      }
      problems.push(...answerShapeProblems(res.body, call.answer, documentedRest).map((p) => `${call.route}: ${p}`))
      if (call.route === 'POST /purchases/purchase_orders/:orderId/receptions.json') made.reception7001 = await newestReception(7001)
      if (call.route === `POST ${pw}.json`) made.piecework = await newestPiecework()
    }
    expect(problems).toEqual([])
  })
})

async function newestPiecework(): Promise<number> {
  const list = await rest<{ id: number; name: string }[]>(sandbox, ana(), 'GET', `${pw}.json`)
  return list.body.find((g) => g.name === 'Documentado')!.id
}
