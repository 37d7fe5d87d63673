import { describe, expect, it } from 'vitest'
import { jsonArrayBatches } from '@core/api/jsonArrayBatches'

async function collect(chunks: (string | Buffer)[]): Promise<unknown[]> {
  const out: unknown[] = []
  async function* source() {
    yield* chunks
  }
  for await (const batch of jsonArrayBatches(source())) out.push(...batch)
  return out
}

/** Every way of cutting the text in two, and one byte at a time. */
function cuts(text: string): Buffer[][] {
  const bytes = Buffer.from(text)
  const ways: Buffer[][] = [[...bytes].map((b) => Buffer.from([b]))]
  for (let i = 0; i <= bytes.length; i++) ways.push([bytes.subarray(0, i), bytes.subarray(i)])
  return ways
}

describe('jsonArrayBatches', () => {
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

  it('gives the elements of lists whose brackets fool a glance: in strings, in nested lists of records, escaped', async () => {
    // Each piece's last whole element is guessed from `},{` and `}]`; these put such text where it is no end.
    const tricky = [
      { id: 1, note: 'a},{"id":9}', more: '}]', path: 'C:\\', q: '\\"},{' },
      { id: 2, lines: [{ id: 1 }, { id: 2 }, { id: 3, deep: [{ x: [{}] }] }], tail: '],[' },
      { id: 3, lines: [], name: 'ñ🧰', empty: {} },
    ]
    const spaced = `[${tricky.map((b) => JSON.stringify(b)).join(' , ')}]`
    for (const source of [JSON.stringify(tricky), spaced]) {
      for (const chunks of cuts(source)) expect(await collect(chunks)).toEqual(tricky)
    }
  })

  it('gives the same elements as parsing the whole list, however a long list is cut', async () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const records = Array.from({ length: 400 }, (_, id) => ({
      id,
      name: ['Kit', '}', '},{', '"', '\\', 'ñandú', '🧰'][id % 7]!.repeat(1 + (id % 3)),
      details:
        id % 4 === 0
          ? [
              { id, quantity: '2.5' },
              { id: id + 1, quantity: '1' },
            ]
          : [],
      image: { url: null },
    }))
    const whole = Buffer.from(JSON.stringify(records))
    for (let round = 0; round < 20; round++) {
      const chunks: Buffer[] = []
      for (let at = 0; at < whole.length;) {
        const size = 1 + Math.floor(random() * (round % 2 ? 50 : 3000))
        chunks.push(whole.subarray(at, (at += size)))
      }
      expect(await collect(chunks)).toEqual(records)
    }
  })

  it('refuses a record longer than its limit, before the rest of it comes', async () => {
    const long = `[{"id":1,"name":"${'x'.repeat(5000)}"}]`
    const read = async () => {
      async function* source() {
        for (let at = 0; at < long.length; at += 100) yield long.slice(at, at + 100)
      }
      for await (const _ of jsonArrayBatches(source(), 1000)) void _
    }
    await expect(read()).rejects.toMatchObject({ code: 'too_large' })
  })
})
