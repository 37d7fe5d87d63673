import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import es from '@renderer/i18n/es'
import { flagFields } from '@renderer/areas/catalogue/bundleForm'
import { orderStates, specialInvoicePrerequisites } from '@shared/purchasing'

const rendererDir = join(__dirname, '..', '..', '..', 'src-renderer')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(vue|ts)$/.test(name) ? [path] : []
  })
}

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], es)
}

describe('renderer messages in use', () => {
  it('every message key written out in the renderer exists (a typo would show the key to the clerk)', () => {
    const missing: string[] = []
    for (const file of files(rendererDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        if (typeof lookup(match[1]!) !== 'string') missing.push(`${match[1]} (${file.slice(rendererDir.length + 1)})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('keys built at run time exist too', () => {
    const built = [
      ...flagFields.map((f) => `bundle.flags.${f}`),
      ...['reference', 'items', 'stock', 'bundles', 'indexing', 'done'].map((p) => `catalogue.pull.phases.${p}`),
      ...['required', 'ean13Digits', 'ean13Length', 'ean13CheckDigit', 'colour', 'categoryRequired', 'notNegative', 'quantity'].map(
        (p) => `catalogue.problems.${p}`,
      ),
      ...orderStates.map((s) => `purchasing.states.${s}`),
      ...specialInvoicePrerequisites.flatMap((f) => [`purchasing.prerequisites.${f}.what`, `purchasing.prerequisites.${f}.where`]),
      ...['agencyRequired', 'rateInvalid', 'nothingReceived', 'notANumber', 'overPending', 'lotRequired', 'expiryRequired'].map(
        (p) => `purchasing.receptions.problems.${p}`,
      ),
    ]
    expect(built.filter((key) => typeof lookup(key) !== 'string')).toEqual([])
  })
})
