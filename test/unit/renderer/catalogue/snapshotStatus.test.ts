// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import type { CatalogueStatus } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { mountInApp, said } from '../../../support/renderer/mountInApp'
import { byTestId, mountCatalogueScreen } from './catalogueScreens'

// The catalogue screen's status line when this computer's catalogue cannot be read, against a stand-in of the API.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const SnapshotStatus = (await import('@renderer/areas/catalogue/components/SnapshotStatus.vue')).default
const CatalogueView = (await import('@renderer/areas/catalogue/views/CatalogueView.vue')).default

const status: CatalogueStatus = {
  entityId: 101,
  agency: null,
  pulledAt: '2026-12-01T10:00:00.000Z',
  stale: false,
  staleAfterMs: 7_200_000,
  pulling: false,
  counts: { bundles: 1, items: 1, agencies: 1 },
  lastError: null,
  capabilities: null,
}
const unreadable = () => {
  throw new AppError('internal', { detail: 'cache read failed' })
}

let mounted: VueWrapper | null = null
beforeEach(() => resetApiStandIn())
afterEach(() => {
  mounted?.unmount()
  mounted = null
})
const shown = () => document.body.textContent ?? ''

describe("the catalogue's status line", () => {
  it('says the state could not be read, with a retry, instead of "no catalogue downloaded"', async () => {
    answers.set('catalogue.status', unreadable)
    mounted = mountInApp(SnapshotStatus, {}).wrapper
    const { useCatalogueStore } = await import('@renderer/stores/catalogue')
    await useCatalogueStore().loadStatus()
    await nextTick()

    expect(byTestId('catalogue-status-error')?.textContent).toContain(said('catalogue.statusFailed'))
    expect(shown()).not.toContain(said('catalogue.noSnapshotShort'))
    expect(byTestId('catalogue-no-snapshot')).toBeNull()

    // Retry reads it again, and the snapshot's time takes the error's place.
    answers.set('catalogue.status', () => status)
    byTestId('error-retry')!.click()
    await vi.waitFor(() => expect(byTestId('catalogue-stock-as-of')?.textContent).toMatch(/^Existencias al /))
    expect(byTestId('catalogue-status-error')).toBeNull()
  })

  it('does not tell an empty list as "nothing until the catalogue is downloaded" while its state is unknown', async () => {
    answers.set('catalogue.status', unreadable)
    answers.set('catalogue.tags', () => [])
    answers.set('catalogue.search', () => ({ rows: [], total: 0, truncated: false }))
    mounted = (await mountCatalogueScreen('/catalogue', CatalogueView)).wrapper
    await vi.waitFor(() => expect(byTestId('catalogue-empty')).not.toBeNull())
    await vi.waitFor(() => expect(sent.some((r) => r.name === 'catalogue.status')).toBe(true))
    await nextTick()

    expect(byTestId('catalogue-status-error')).not.toBeNull()
    expect(byTestId('catalogue-empty')!.textContent).not.toContain(said('catalogue.emptyNoSnapshot'))
    // Nor does it start a download on the strength of a state it could not read.
    expect(sent.some((r) => r.name === 'catalogue.pull')).toBe(false)
  })
})
