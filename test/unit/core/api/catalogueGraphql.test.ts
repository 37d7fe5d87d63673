import { describe, expect, it } from 'vitest'
import { readByIds, readPages } from '@core/api/catalogueGraphql'
import type { GraphqlClient } from '@core/api/graphqlClient'

/** A GraphQL client over a table of lot rows, answering keyset pages as the service does. */
function serving(table: unknown[], roleLimit = Infinity) {
  const asked: unknown[] = []
  const graphql = {
    async page(_query: string, variables: { after: number; limit: number }) {
      asked.push({ ...variables })
      return table.filter((r) => (r as { id: number }).id > variables.after).slice(0, Math.min(variables.limit, roleLimit))
    },
  } as unknown as GraphqlClient
  return { graphql, asked }
}

const lots = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 10 + i, item_id: 1, name: `L${i}`, expires: null }))

async function batches(graphql: GraphqlClient, pageSize: number, batchSize: number) {
  const out: number[][] = []
  for await (const batch of readPages(graphql, 'lots', {}, pageSize, batchSize)) out.push(batch.map((l) => l.id))
  return out
}

describe('reading a table by pages', () => {
  it('gives every row once, in batches within each page, asking each page after the last id read', async () => {
    const { graphql, asked } = serving(lots(7))
    expect(await batches(graphql, 3, 2)).toEqual([[10, 11], [12], [13, 14], [15], [16]])
    expect(asked).toEqual([
      { after: 0, limit: 3 },
      { after: 12, limit: 3 },
      { after: 15, limit: 3 },
      { after: 16, limit: 3 },
    ])
  })

  it('goes on past short pages (a role limited to fewer rows than asked) until one comes back empty', async () => {
    const { graphql, asked } = serving(lots(5), 2)
    expect(await batches(graphql, 4, 10)).toEqual([[10, 11], [12, 13], [14]])
    expect(asked).toHaveLength(4)
  })

  it('asks once more after a full last page, and stops at an empty one', async () => {
    const { graphql, asked } = serving(lots(4))
    expect(await batches(graphql, 2, 5)).toEqual([
      [10, 11],
      [12, 13],
    ])
    expect(asked).toHaveLength(3)
  })

  it('asks for the next page as soon as a page is in, so the service works on it while this one is written', async () => {
    const { graphql, asked } = serving(lots(7))
    const reading = readPages(graphql, 'lots', {}, 3, 2)
    const first = await reading.next()
    expect(first.done ? [] : first.value.map((l) => l.id)).toEqual([10, 11])
    expect(asked).toEqual([
      { after: 0, limit: 3 },
      { after: 12, limit: 3 },
    ])
    await reading.return(undefined)
  })

  it("lets the event loop turn between two batches, so a clerk's scan during a pull is answered between them", async () => {
    const { graphql } = serving(lots(4))
    const reading = readPages(graphql, 'lots', {}, 10, 2)
    await reading.next()
    let answered = false
    setImmediate(() => (answered = true))
    await reading.next()
    expect(answered).toBe(true)
    await reading.return(undefined)
  })

  it('a read given up leaves the page asked ahead to fail quietly', async () => {
    const failing = {
      async page(_query: string, variables: { after: number }) {
        if (variables.after > 0) throw new Error('line dropped')
        return lots(3)
      },
    } as unknown as GraphqlClient
    const unhandled: unknown[] = []
    const note = (err: unknown) => unhandled.push(err)
    process.on('unhandledRejection', note)
    try {
      for await (const batch of readPages(failing, 'lots', {}, 3, 3)) if (batch.length) break
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', note)
    }
  })

  it('fails on a row the schema refuses, naming it', async () => {
    const { graphql } = serving([...lots(3), { id: 13, item_id: 'x', name: null, expires: null }])
    await expect(batches(graphql, 10, 2)).rejects.toMatchObject({ code: 'bad_response', detail: expect.stringContaining('lots.3.item_id') })
  })
})

describe('reading rows by id', () => {
  /** A client answering `_in` reads over the lot rows, at most `roleLimit` rows a read (and `extra`, rows never asked for). */
  function byId(table: unknown[], roleLimit = Infinity, extra: unknown[] = []) {
    const asked: number[][] = []
    const graphql = {
      async page(_query: string, variables: { ids: number[] }) {
        asked.push(variables.ids)
        const rows = table.filter((r) => variables.ids.includes((r as { id: number }).id)).slice(0, roleLimit)
        return [...rows, ...extra]
      },
    } as unknown as GraphqlClient
    return { graphql, asked }
  }

  it('asks again for what a role limited to fewer rows left out, and leaves out ids the service no longer has', async () => {
    const { graphql, asked } = byId(lots(5), 2)
    const rows = await readByIds(graphql, 'lots', [10, 11, 12, 13, 99])
    expect(rows.map((l) => l.id)).toEqual([10, 11, 12, 13])
    expect(asked).toEqual([[10, 11, 12, 13, 99], [12, 13, 99], [99]])
  })

  it('keeps only rows it asked for, and ends even when the service answers others', async () => {
    const { graphql, asked } = byId(lots(3), Infinity, [{ id: 500, item_id: 1, name: 'X', expires: null }])
    expect((await readByIds(graphql, 'lots', [10, 77])).map((l) => l.id)).toEqual([10])
    expect(asked).toEqual([[10, 77], [77]])
  })
})
