import { describe, expect, it } from 'vitest'
import { jsonArrayElements } from '@core/api/jsonArrayElements'

async function collect(chunks: (string | Buffer)[]): Promise<unknown[]> {
  const out: unknown[] = []
  async function* source() {
    yield* chunks
  }
  for await (const text of jsonArrayElements(source())) out.push(JSON.parse(text))
  return out
}

/** Every way of cutting the text in two, and one byte at a time. */
function cuts(text: string): Buffer[][] {
  const bytes = Buffer.from(text)
  const ways: Buffer[][] = [[...bytes].map((b) => Buffer.from([b]))]
  for (let i = 0; i <= bytes.length; i++) ways.push([bytes.subarray(0, i), bytes.subarray(i)])
  return ways
}

describe('jsonArrayElements', () => {
  const list = [
    { id: 1, name: 'Kit "ñandú" [a] {b}', tags: ['x', 'y'], image: { url: null } },
    { id: 2, name: 'línea\\n \\\\ } ] fin', nested: [[1, 2], { a: [] }] },
    { id: 3, ean13: '7409100000010', emoji: '🧰' },
    { id: 4, path: 'C:\\dir\\', quote: '\\"', odd: '\\\\\\"]', empty: '' },
  ]
  const text = ` [\n${list.map((b) => JSON.stringify(b)).join(' ,\n')}\n] \n`

  it('gives each element whole however the bytes are cut (strings with brackets, escapes, multibyte letters)', async () => {
    for (const chunks of cuts(text)) expect(await collect(chunks)).toEqual(list)
  })

  it('gives nothing for an empty array', async () => {
    expect(await collect(['[ ]'])).toEqual([])
  })

  it('refuses what is not an array of records, or an array cut short', async () => {
    await expect(collect(['{"error": "x"}'])).rejects.toMatchObject({ code: 'bad_response' })
    await expect(collect(['[1, 2]'])).rejects.toMatchObject({ code: 'bad_response' })
    await expect(collect(['[{"id": 1}, {"id"'])).rejects.toMatchObject({ code: 'bad_response' })
    await expect(collect(['[{"id": 1}] x'])).rejects.toMatchObject({ code: 'bad_response' })
    await expect(collect([''])).rejects.toMatchObject({ code: 'bad_response' })
  })
})
