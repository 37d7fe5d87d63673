import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors'
import type { UpdateStatus } from '@shared/updates'
import { useUpdatesStore } from '@renderer/shell/updatesStore'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The store against a stand-in of the API client: the updater's answers and refusals, held until released.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const status = (over: Partial<UpdateStatus>): UpdateStatus => ({
  state: 'idle',
  offReason: null,
  percent: null,
  version: null,
  error: null,
  enabled: true,
  blockedBy: null,
  ...over,
})

/** The next request waits until the test settles it. */
function held() {
  let settle: { resolve: (s: UpdateStatus) => void; reject: (e: unknown) => void } | undefined
  request.mockImplementationOnce(() => new Promise<UpdateStatus>((resolve, reject) => (settle = { resolve, reject })))
  return () => settle!
}

describe('the updates store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    resetApiStandIn()
  })

  it('is busy while the setting is sent, then shows what the updater answered', async () => {
    const store = useUpdatesStore()
    const settle = held()
    const sent = store.setEnabled(false)
    expect(store.busy).toBe(true)
    expect(request).toHaveBeenCalledWith('updates.setEnabled', { enabled: false })
    settle().resolve(status({ state: 'off', offReason: 'disabled', enabled: false }))
    await sent
    expect(store.busy).toBe(false)
    expect(store.status?.enabled).toBe(false)
  })

  it('hands a refused install to the caller, keeps the status and is no longer busy', async () => {
    const store = useUpdatesStore()
    store.status = status({ state: 'ready', version: '0.2.0' })
    const settle = held()
    const install = store.install()
    expect(store.busy).toBe(true)
    settle().reject(new AppError('outbox_not_empty'))
    await expect(install).rejects.toMatchObject({ code: 'outbox_not_empty' })
    expect(store.busy).toBe(false)
    expect(store.status?.version).toBe('0.2.0')
  })
})
