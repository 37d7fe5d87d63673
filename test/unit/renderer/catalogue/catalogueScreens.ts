import { h, type Component } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { createMemoryHistory, createRouter, RouterView, type Router } from 'vue-router'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
import type { BundleDetail } from '@shared/catalogue'
import { i18n } from '@renderer/i18n'

/**
 * The catalogue's screens as the router shows them (memory history), inside the providers App.vue gives, for the
 * component tests (happy-dom; the test stands in the API client). `list` is the list's screen: a blank by default, so
 * a test of the bundle screen that goes back to the list reads nothing more.
 */
export async function mountCatalogueScreen(at: string, list?: Component): Promise<{ wrapper: VueWrapper; router: Router }> {
  const BundleView = (await import('@renderer/areas/catalogue/views/BundleView.vue')).default
  const Blank = { render: () => h('div', { 'data-testid': 'catalogue-view' }) }
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/catalogue', name: 'catalogue', component: list ?? Blank },
      { path: '/catalogue/bundles/new', name: 'bundleNew', component: BundleView },
      { path: '/catalogue/bundles/:id(\\d+)', name: 'bundle', component: BundleView, props: (r) => ({ id: Number(r.params.id) }) },
    ],
  })
  await router.push(at)
  await router.isReady()
  const Host = {
    render: () =>
      h(NConfigProvider, null, {
        default: () => h(NMessageProvider, null, { default: () => h(NDialogProvider, null, { default: () => h(RouterView) }) }),
      }),
  }
  const wrapper = mount(Host, { global: { plugins: [createPinia(), i18n, router], stubs: { transition: false } }, attachTo: document.body })
  return { wrapper, router }
}

/** A bundle as the core gives it from the cache: one component, no images. */
export const bundle = (over: Partial<BundleDetail> = {}): BundleDetail => ({
  id: 7,
  zid: 7,
  active: true,
  code: 'PAQ-00007',
  ean13: null,
  name: 'Surtido de plomería',
  description: null,
  extraDescription: null,
  entityId: 101,
  updaterId: 1,
  createdAt: null,
  updatedAt: null,
  bundleDetailsCount: 1,
  paysVat: true,
  quotable: false,
  ecommerce: false,
  sellable: true,
  purchasable: false,
  forceAsServiceForDocumentExternalStorageService: false,
  categoryBundle: false,
  itemCategoryId: null,
  itemCountryCodeId: null,
  weight: null,
  volume: null,
  measurementUnit: null,
  color: null,
  image: null,
  image2: null,
  image3: null,
  image4: null,
  image5: null,
  youtubeVideoUrl: null,
  tags: [],
  components: [{ id: 71, itemId: 501, quantity: '2', itemCode: 'ART-1', itemName: 'Tubo', available: 40, active: true }],
  available: 20,
  source: 'cache',
  ...over,
})

export const byTestId = (id: string): HTMLElement | null => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)
