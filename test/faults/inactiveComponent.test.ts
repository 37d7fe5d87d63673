import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { useProxiedSession } from '../support/proxiedSession'

// Issue 30, item 3: the bundle editor took an inactive component; the service saved the bundle and then
// refused every booking of it. The editor now knows which items are inactive (the cache says so) and
// refuses such a component, naming its code and name.

const s = useProxiedSession()

const itemsAnswer = z.object({ data: z.object({ items: z.array(z.object({ id: z.number(), code: z.string(), active: z.boolean() })) }) })

/** Items of the service as GraphQL shows them, asked beside the core (as the signed-in user). */
async function serviceItems(active: boolean): Promise<{ id: number; code: string }[]> {
  const user = s.sandbox.users[0]!
  const tokenAnswer = await fetch(`${s.sandbox.url}/apps/graphql.json`, {
    headers: { 'X-User-Email': user.email, 'X-User-Token': user.token },
  })
  const { token } = z.object({ token: z.string() }).parse(await tokenAnswer.json())
  const res = await fetch(s.sandbox.graphqlUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `query { items(where: {active: {_eq: ${active}}}, order_by: {code: asc}, limit: 1) { id code active } }`,
    }),
  })
  return itemsAnswer.parse(await res.json()).data.items
}

describe('a bundle component that is inactive', () => {
  it("is marked inactive by the item search and in a bundle's components", async () => {
    await s.h.call('catalogue.pull')
    const [inactive] = await serviceItems(false)
    const [active] = await serviceItems(true)
    const [found] = await s.h.call('items.search', { query: inactive!.code, limit: 5 })
    expect(found).toMatchObject({ id: inactive!.id, code: inactive!.code, active: false })
    const [fine] = await s.h.call('items.search', { query: active!.code, limit: 5 })
    expect(fine).toMatchObject({ code: active!.code, active: true })

    // A saved bundle read back from the cache carries its components' state the same way (bundleForm refuses
    // an inactive one by code and name: test/unit/renderer/catalogue/bundleForm.test.ts).
    const bundle = (await s.h.call('catalogue.search', { query: '' })).rows.find((r) => r.components > 0)
    const detail = await s.h.call('bundles.get', { id: bundle!.id })
    expect(detail.components.length).toBeGreaterThan(0)
    expect(detail.components.every((c) => typeof c.active === 'boolean')).toBe(true)
  }, 60_000)
})
