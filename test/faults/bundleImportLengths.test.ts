import { describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { importProblemLine } from '@shared/importProblemText'
import { useProxiedSession } from '../support/proxiedSession'

// Issue 30 (import, left over): a text longer than the service keeps (a name of 256 characters) passed
// the import's preview, went out, and came back refused by the service. The preview now names each such
// row and field with its length and the most allowed, in the user's language, and nothing is sent.

const s = useProxiedSession()

const csvOf = (rows: string[][]) =>
  ['code,name,description,ean13,tags,components', ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))].join('\n')

describe('the bundle import, with texts longer than the service keeps', () => {
  it('names each row and field in the preview and sends nothing', async () => {
    await s.h.call('catalogue.pull')
    const existing = bundleFacts[101].deletable.code
    const file = {
      fileName: 'largos.csv',
      base64: Buffer.from(
        csvOf([
          ['LARGO-1', 'N'.repeat(256), '', '', '', ''],
          ['C'.repeat(101), 'Código largo', '', '', '', ''],
          ['LARGO-3', 'Descripción larga', 'd'.repeat(5001), '', '', ''],
          ['LARGO-4', 'Etiqueta larga', '', '', `corta|${'t'.repeat(101)}`, ''],
          [existing, 'M'.repeat(300), '', '', '', ''],
          // Counted as the service counts (characters, not UTF-16 units): 255 of these are allowed.
          ['LARGO-6', '🙂'.repeat(255), '', '', '', ''],
        ]),
      ).toString('base64'),
    }
    const sent: string[] = []
    s.proxy.intercept = (req) => {
      if (req.method !== 'GET') sent.push(`${req.method} ${req.url}`)
      return null
    }
    try {
      const preview = await s.h.call('bundles.importPreview', file)
      expect(preview).toMatchObject({ invalid: 5, creates: 1 })
      const problems = (row: number) => preview.rows.find((r) => r.row === row)!.problems
      expect(problems(2)).toEqual([{ field: 'name', kind: 'tooLong', value: `${'N'.repeat(40)}…`, length: 256, max: 255 }])
      expect(problems(3)).toMatchObject([{ field: 'code', kind: 'tooLong', length: 101, max: 100 }])
      expect(problems(4)).toMatchObject([{ field: 'description', kind: 'tooLong', length: 5001, max: 5000 }])
      expect(problems(5)).toMatchObject([{ field: 'tags', kind: 'tooLong', length: 101, max: 100 }])
      expect(problems(6)).toMatchObject([{ field: 'name', kind: 'tooLong', length: 300, max: 255 }])
      expect(problems(7)).toEqual([])
      expect(importProblemLine(problems(2)[0]!, 'es')).toBe(`nombre: «${'N'.repeat(40)}…» tiene 256 caracteres; se admiten 255 como máximo`)
      expect(importProblemLine(problems(2)[0]!, 'en')).toBe(`name: "${'N'.repeat(40)}…" is 256 characters long; at most 255 are allowed`)

      const err = await s.h.call('bundles.import', file).catch((e: unknown) => e)
      expect(err).toMatchObject({ code: 'validation' })
      expect((err as { fields: { file: string[] } }).fields.file).toHaveLength(5)
    } finally {
      s.proxy.intercept = () => null
    }
    expect(sent).toEqual([])
    expect((await s.h.call('catalogue.search', { query: 'LARGO-' })).total).toBe(0)
  }, 60_000)
})
