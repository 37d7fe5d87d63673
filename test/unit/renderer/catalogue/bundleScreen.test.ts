// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import type { BundleMedia } from '@shared/bundleImages'
import type { ConnectionState } from '@shared/domain'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { said } from '../../../support/renderer/mountInApp'
import { bundle } from './bundleFixture'
import { byTestId, mountCatalogueScreen } from './catalogueScreens'

// The bundle screen as the router shows it, against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const { useConnectionStore } = await import('@renderer/stores/connection')

const media = (): BundleMedia => ({
  bundleId: 7,
  images: ([1, 2, 3, 4, 5] as const).map((slot) => ({ slot, url: null, thumbnailUrl: null })),
  forms: { state: 'given', forms: [], unreadable: 0 },
})
const line = (online: boolean): ConnectionState => ({
  online,
  link: online ? 'online' : 'offline',
  lastContactAt: null,
  clockOffsetMs: null,
  since: null,
})
const refused = () => {
  throw new AppError('server')
}

let mounted: VueWrapper | null = null
beforeEach(() => {
  resetApiStandIn()
  answers.set('catalogue.tags', () => [])
  answers.set('itemCategories.list', () => [{ id: 3, name: 'Griferías' }])
  answers.set('bundles.get', () => bundle())
  answers.set('bundles.media', media)
})
afterEach(() => {
  mounted?.unmount()
  mounted = null
})
const settle = async () => {
  for (let i = 0; i < 5; i++) await nextTick()
  await new Promise((resolve) => setTimeout(resolve, 0))
  for (let i = 0; i < 5; i++) await nextTick()
}
const formsShown = () => byTestId('bundle-forms')!.textContent ?? ''

describe("the bundle screen's forms", () => {
  it('online, a failed read says the forms could not be read, with a retry, not "connect to see them"', async () => {
    answers.set('bundles.media', refused)
    mounted = (await mountCatalogueScreen('/catalogue/bundles/7')).wrapper
    useConnectionStore().state = line(true)
    await settle()
    expect(byTestId('bundle-title')!.textContent).toContain('PAQ-00007')
    expect(formsShown()).toContain(said('bundleMedia.forms.loadFailed'))
    expect(formsShown()).not.toContain(said('bundleMedia.forms.offline'))

    answers.set('bundles.media', media)
    byTestId('bundle-forms-error')!.querySelector<HTMLElement>('[data-testid="error-retry"]')!.click()
    await vi.waitFor(() => expect(byTestId('bundle-forms-none')).not.toBeNull())
    expect(byTestId('bundle-forms-error')).toBeNull()
  })

  it('offline, says they are read from the service when connected', async () => {
    mounted = (await mountCatalogueScreen('/catalogue/bundles/7')).wrapper
    useConnectionStore().state = line(false)
    await settle()
    expect(byTestId('bundle-forms-offline')).not.toBeNull()
    expect(byTestId('bundle-forms-error')).toBeNull()
    expect(sent.some((r) => r.name === 'bundles.media')).toBe(false)
  })
})

describe("the bundle screen's category select", () => {
  it('says the item categories could not be read, with a retry, instead of an empty list', async () => {
    answers.set('itemCategories.list', () => {
      throw new AppError('network')
    })
    mounted = (await mountCatalogueScreen('/catalogue/bundles/new')).wrapper
    await settle()
    byTestId('bundle-dynamic')!.click()
    await settle()
    const field = byTestId('bundle-field-category')!
    expect(field.querySelector('[data-testid="bundle-categories-error"]')?.textContent).toContain(said('bundle.categoriesFailed'))

    answers.set('itemCategories.list', () => [{ id: 3, name: 'Griferías' }])
    field.querySelector<HTMLElement>('[data-testid="error-retry"]')!.click()
    await vi.waitFor(() => expect(byTestId('bundle-categories-error')).toBeNull())
    expect(sent.filter((r) => r.name === 'itemCategories.list')).toHaveLength(2)
  })
})
