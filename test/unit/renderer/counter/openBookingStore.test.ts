import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { WhoAmI } from '@shared/domain'
import { useOpenBookingStore } from '@renderer/stores/openBooking'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The open booking's keep and restore against a stand-in of the API client: what the counter says when the
// form could not be kept, and which company's form it shows.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const inEntity = (id: number) => ({ currentEntity: { id, name: `E${id}` } }) as unknown as WhoAmI
const kept = (entityId: number, reference: string) => ({
  entityId,
  open: {
    savedAt: '2026-11-28T09:00:00Z',
    form: { destination: 2, plannedDelivery: '2026-11-30', reference, needsTransport: false, transferRequestId: null, lines: [] },
  },
})
const down = () => Promise.reject(new Error('the core did not answer'))

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
})

describe('the open booking at the counter', () => {
  it('says why the form was not kept, keeps it on screen, and stops saying so once a keep lands', async () => {
    request.mockImplementation((name: string) => (name === 'counter.openBooking' ? Promise.resolve(kept(7, 'A')) : down()))
    const open = useOpenBookingStore()
    await open.restore(null)
    open.reference = 'Pedido de la tarde'
    await open.flush()
    expect(open.keepError).not.toBeNull()
    expect(open.pending).toBe(true)
    expect(open.reference).toBe('Pedido de la tarde')

    request.mockImplementation(async () => ({ savedAt: '2026-11-28T09:05:00Z' }))
    await open.flush()
    expect(open.keepError).toBeNull()
    expect(open.pending).toBe(false)
    expect(open.keptAt).toBe('2026-11-28T09:05:00Z')
  })

  it('says the form cannot be kept while the company is not known, until a restore answers', async () => {
    request.mockImplementation(down)
    const open = useOpenBookingStore()
    await open.restore(null)
    expect(open.keepError).not.toBeNull()

    request.mockImplementation(async () => kept(7, 'Pedido guardado'))
    await open.restore(null)
    expect(open.keepError).toBeNull()
    expect(open.reference).toBe('Pedido guardado')
  })

  it("shows the new company's form when the company changes while the last one's was being read", async () => {
    const answers: ((value: unknown) => void)[] = []
    request.mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    const whoami = useWhoAmIStore()
    whoami.data = inEntity(7)
    const open = useOpenBookingStore()
    const first = open.restore(null)
    // The counter asks again for the new company's form as the company changes.
    whoami.data = inEntity(8)
    const second = open.restore(null)
    answers[0]?.(kept(7, 'de la empresa 7'))
    answers[1]?.(kept(8, 'de la empresa 8'))
    await Promise.all([first, second])
    expect(open.entityId).toBe(8)
    expect(open.reference).toBe('de la empresa 8')
  })
})
