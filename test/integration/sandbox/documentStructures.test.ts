import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { rest } from './sandboxClient'

type Structure = Record<string, { type: string; required: boolean; default: unknown }>

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

describe('document structures', () => {
  it.each(['contract', 'purchase_order', 'invoice', 'shipment', 'entry', 'case'])(
    '%s: every field has type, required and default',
    async (type) => {
      const res = await rest<Structure>(sandbox, sandbox.users[0]!, 'GET', `/apps/documents_structures/${type}.json`)
      expect(res.status).toBe(200)
      const fields = Object.entries(res.body)
      expect(fields.length).toBeGreaterThan(2)
      for (const [, d] of fields) {
        expect(Object.keys(d).sort()).toEqual(['default', 'required', 'type'])
        expect(typeof d.type).toBe('string')
        expect(typeof d.required).toBe('boolean')
      }
      expect(res.body.reference).toEqual({ type: 'string', required: false, default: null })
      expect(res.body.payee_id).toEqual({ type: 'integer', required: true, default: null })
    },
  )

  it('gives the fields the spec shows for a contract', async () => {
    const res = await rest<Structure>(sandbox, sandbox.users[0]!, 'GET', '/apps/documents_structures/contract.json')
    expect(res.body.taxable).toEqual({ type: 'boolean', required: true, default: true })
    expect(res.body.infinite).toEqual({ type: 'boolean', required: true, default: false })
  })

  it('refuses an unknown type, naming the known ones', async () => {
    const res = await rest<{ error: string }>(sandbox, sandbox.users[0]!, 'GET', '/apps/documents_structures/receipt.json')
    expect(res.status).toBe(404)
    expect(res.body.error).toMatch(/receipt/)
    expect(res.body.error).toMatch(/contract, purchase_order, invoice, shipment, entry, case/)
  })

  it('requires the user headers', async () => {
    const res = await rest(sandbox, { email: sandbox.users[0]!.email, token: 'wrong' }, 'GET', '/apps/documents_structures/contract.json')
    expect(res.status).toBe(401)
  })
})
