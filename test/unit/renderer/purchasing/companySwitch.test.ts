// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { WhoAmI } from '@shared/domain'
import { answers, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { allByTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'

// Purchasing after the clerk moves to another company: nothing of the company left behind stays, and what is on
// screen is read again for the new one.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const { usePurchasingStore } = await import('@renderer/areas/purchasing/stores/purchasing')
const { useWhoAmIStore } = await import('@renderer/stores/whoami')

const inEntity = (id: number) =>
  ({ currentEntity: { id, name: `E${id}` }, profile: { name: 'Ana', timeZone: 'America/Guatemala' }, memberships: [] }) as unknown as WhoAmI
const summary = (id: number, name: string) => ({ id, name, idNumber: null, createdAt: '2026-11-24T10:00:00Z', orderCount: 1 })
const agencies = (name: string) => ({ agencies: [{ id: 301, name }] })

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('purchasing after a company switch', () => {
  it("offers the new company's agencies on the reception form, not the ones left behind", async () => {
    const whoami = useWhoAmIStore()
    whoami.data = inEntity(1)
    answers.set('purchasing.context', () => agencies('Bodega de la empresa 1'))
    const store = usePurchasingStore()
    await store.loadContext()

    answers.set('purchasing.context', () => agencies('Bodega de la empresa 2'))
    whoami.data = inEntity(2)
    expect(store.agencies).toEqual([])
    await store.loadContext()
    expect(store.agencies.map((a) => a.name)).toEqual(['Bodega de la empresa 2'])
  })

  it('drops a list of consolidates that arrives after the switch from the company left behind', async () => {
    const whoami = useWhoAmIStore()
    whoami.data = inEntity(1)
    let answer: (list: unknown) => void = () => undefined
    answers.set('consolidates.list', () => new Promise((resolve) => (answer = resolve)))
    const store = usePurchasingStore()
    const late = store.loadConsolidates()
    whoami.data = inEntity(2)
    answer([summary(1, 'Consolidado de la empresa 1')])
    await late
    expect(store.consolidates).toEqual([])
  })

  it('reads the consolidates list on screen again for the new company', async () => {
    answers.set('consolidates.list', () => [summary(1, 'Consolidado de la empresa 1')])
    const View = () => import('@renderer/areas/purchasing/views/ConsolidatesView.vue')
    const { wrapper } = await mountScreens(
      [{ path: '/purchasing/consolidates', name: 'consolidates', component: View }],
      '/purchasing/consolidates',
    )
    const whoami = useWhoAmIStore(wrapper.vm.$pinia)
    whoami.data = inEntity(1)
    await settle()
    const names = () => allByTestId('consolidate-name').map((e) => e.textContent)
    expect(names()).toEqual(['Consolidado de la empresa 1'])

    answers.set('consolidates.list', () => [summary(2, 'Consolidado de la empresa 2')])
    whoami.data = inEntity(2)
    await settle()
    expect(names()).toEqual(['Consolidado de la empresa 2'])
  })

  it('runs the same order search again for the new company, the words searched kept', async () => {
    const found: string[] = []
    answers.set('purchaseOrders.search', (input) => {
      found.push((input as { query: string }).query)
      return []
    })
    const View = () => import('@renderer/areas/purchasing/views/ReceptionsView.vue')
    const { wrapper } = await mountScreens(
      [{ path: '/purchasing/receptions', name: 'receptions', component: View }],
      '/purchasing/receptions',
    )
    const whoami = useWhoAmIStore(wrapper.vm.$pinia)
    whoami.data = inEntity(1)
    usePurchasingStore(wrapper.vm.$pinia).orderQuery = 'Agroinsumos'
    await settle()
    whoami.data = inEntity(2)
    await settle()
    expect(found).toEqual(['', 'Agroinsumos'])
  })
})
