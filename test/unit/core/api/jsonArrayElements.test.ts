import { describe, expect, it } from 'vitest'
import { jsonArrayElements, type ArraySurround } from '@core/api/jsonArrayElements'

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

  describe('with the text around the array kept (a GraphQL answer)', () => {
    const answer = ` {"data" : {"bund[les]": ${text.trim()} }, "extensions": {"cost": [1]} } `
    async function around(chunks: Buffer[], accept?: (before: string) => boolean) {
      const surround: ArraySurround = { accept, found: false, before: '', after: '' }
      const out: unknown[] = []
      async function* source() {
        yield* chunks
      }
      for await (const t of jsonArrayElements(source(), surround)) out.push(JSON.parse(t))
      return { out, surround }
    }

    it("gives the first array's elements and keeps the text before and after it, however the bytes are cut", async () => {
      for (const chunks of cuts(answer)) {
        const { out, surround } = await around(chunks)
        expect(out).toEqual(list)
        expect(surround.found).toBe(true)
        // Brackets inside the key are no array; what is left parses with the list emptied.
        expect(JSON.parse(`${surround.before}[]${surround.after}`)).toEqual({ data: { 'bund[les]': [] }, extensions: { cost: [1] } })
      }
    })

    it('keeps an answer whose first array is not the one wanted whole, giving no element', async () => {
      const other = '{"extensions": {"cost": [1, 2]}, "data": {"bundles": [{"id": 1}]}}'
      for (const chunks of cuts(other)) {
        const { out, surround } = await around(chunks, (before) => before.trim().endsWith('"bundles":'))
        expect(out).toEqual([])
        expect(surround.found).toBe(false)
        expect(JSON.parse(surround.before)).toEqual(JSON.parse(other))
      }
    })

    it('keeps an answer with no array at all whole, and still refuses an array cut short', async () => {
      const { out, surround } = await around([Buffer.from('{"errors": "x"}')])
      expect(out).toEqual([])
      expect(surround).toMatchObject({ found: false, before: '{"errors": "x"}' })
      await expect(around([Buffer.from('{"data": {"b": [{"id": 1}, {"id"')])).rejects.toMatchObject({ code: 'bad_response' })
    })
  })
})
