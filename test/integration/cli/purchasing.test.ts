import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src-main/cli/program'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let dataDir: string
beforeAll(async () => {
  sandbox = await startSandbox()
  dataDir = tempDir()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

/** Runs the CLI in this process as the demo user, capturing what it prints. */
async function cli(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true))
  try {
    const code = await runCli(['--data-dir', dataDir, '--server', sandbox.url, ...args], {
      MOSTRADOR_EMAIL: sandbox.users[0]!.email,
      MOSTRADOR_TOKEN: sandbox.users[0]!.token,
    })
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
    process.exitCode = undefined
  }
}
const json = async (...args: string[]) => {
  const res = await cli('--json', ...args)
  expect(res.code, res.stdout + res.stderr).toBe(0)
  return JSON.parse(res.stdout)
}

describe('mostrador consolidates', () => {
  it('lists candidates with totals per currency, creates, shows, updates and deletes', async () => {
    const human = await cli('consolidates', 'candidates')
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('7002  OC-101-00002  2026-10-08  Importadora Pacífico Ltd.  USD 364.00')
    expect(human.stdout).toContain('total: GTQ 3783.14, USD 395.36')

    const created = await json(
      'consolidates',
      'create',
      '--name',
      'Contenedor CLI',
      '--description',
      'Flete',
      '--order',
      '7001',
      '--order',
      '7002',
    )
    expect(created.orders.map((o: { consolidateId: number }) => o.consolidateId)).toEqual([created.id, created.id])
    const shown = await cli('consolidates', 'show', String(created.id))
    expect(shown.stdout).toContain(`${created.id}  Contenedor CLI`)
    expect(shown.stdout).toContain('total: GTQ 787.36, USD 364.00')
    expect((await json('consolidates', 'update', String(created.id), '--name', 'Renombrado')).name).toBe('Renombrado')
    expect((await cli('consolidates', 'delete', String(created.id))).code).toBe(0)
    expect((await cli('consolidates', 'show', String(created.id))).code).toBe(1)
  })

  it('creates a special-invoice consolidate, and says which prerequisite is missing', async () => {
    expect((await json('consolidates', 'special-candidates')).map((o: { id: number }) => o.id).sort()).toEqual([7005, 7006])
    await fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ special_invoice_numbering: false }),
    })
    const refused = await cli('consolidates', 'create-special', '--name', 'Sin factura', '--order', '7005')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('idNumber: no hay numeración automática para facturas especiales')
    await fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ special_invoice_numbering: true }),
    })
    expect(await json('consolidates', 'create-special', '--name', 'Sin factura', '--order', '7005')).toMatchObject({
      specialInvoice: true,
      idNumber: 'FESP-101-000001',
    })
  })

  it('refuses a create without orders as a usage error', async () => {
    expect((await cli('consolidates', 'create', '--name', 'X')).code).toBe(2)
    expect((await cli('consolidates', 'create', '--name', 'X', '--order', 'abc')).code).toBe(2)
  })
})

describe('mostrador receptions', () => {
  it('shows what is pending, receives part then the rest, shows and returns a reception', async () => {
    const draft = await json('receptions', 'new', '--order', '7003')
    const other = draft.lines.find((l: { perishable: boolean }) => !l.perishable)
    const perishable = draft.lines.find((l: { perishable: boolean }) => l.perishable)
    const human = await cli('receptions', 'new', '--order', '7003')
    expect(human.stdout).toMatch(/pending 12 {2}perishable, expires \d{4}-\d{2}-\d{2} \(needs --lot\)/)

    const first = await cli('receptions', 'create', '--order', '7003', '--agency', '301', '--invoice', 'F-9', '--line', `${other.itemId}:4`)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^Reception \d+ saved; order 7003 is partly received\./)

    const noLot = await cli('receptions', 'create', '--order', '7003', '--agency', '301', '--line', `${perishable.itemId}:12`)
    expect(noLot.code).toBe(2)
    const rest = await json(
      'receptions',
      'create',
      '--order',
      '7003',
      '--agency',
      '301',
      '--date',
      '2026-11-20',
      '--line',
      `${other.itemId}:2:${other.purchaseOrderDetailId}`,
      '--line',
      `${perishable.itemId}:12`,
      '--lot',
      `${perishable.itemId}:L-CLI:2027-04-30`,
    )
    expect(rest.order.received).toBe(true)
    const shown = await cli('receptions', 'show', String(rest.receptionId))
    expect(shown.stdout).toContain('12 × item')
    expect(shown.stdout).toContain('lot L-CLI (expires 2027-04-30)')
    const returned = await cli('receptions', 'return', String(rest.receptionId), '--rebound', '--order', '7003')
    expect(returned.code).toBe(0)
    expect(returned.stdout).toContain('RETURNED')
  })

  it('reports over-receiving and a rebound for an order that does not exist, exit 1', async () => {
    const draft = await json('receptions', 'new', '--order', '7003')
    const other = draft.lines.find((l: { perishable: boolean }) => !l.perishable)
    const over = await cli('receptions', 'create', '--order', '7003', '--agency', '301', '--line', `${other.itemId}:99`)
    expect(over.code).toBe(1)
    expect(over.stderr).toContain('lines.quantity: excede lo pendiente de recibir (6.0)')
    const ok = await json('receptions', 'create', '--order', '7003', '--agency', '301', '--line', `${other.itemId}:1`)
    const missing = await cli('receptions', 'return', String(ok.receptionId), '--rebound', '--order', '999999')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No se encontró la orden de compra')
    expect((await cli('receptions', 'return', String(ok.receptionId))).code).toBe(0)
  })
})
