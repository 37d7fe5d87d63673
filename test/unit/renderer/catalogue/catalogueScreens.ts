import { h, type Component } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { createMemoryHistory, createRouter, RouterView, type Router } from 'vue-router'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
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

export const byTestId = (id: string): HTMLElement | null => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)
