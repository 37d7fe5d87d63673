import { h, type Component } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import type { Router } from 'vue-router'
import { mountScreens } from '../../../support/renderer/mountScreens'

export { byTestId } from '../../../support/renderer/mountScreens'

/**
 * The catalogue's screens as the router shows them (mountScreens). `list` is the list's screen: a blank by default, so
 * a test of the bundle screen that goes back to the list reads nothing more.
 */
export async function mountCatalogueScreen(at: string, list?: Component): Promise<{ wrapper: VueWrapper; router: Router }> {
  const BundleView = (await import('@renderer/areas/catalogue/views/BundleView.vue')).default
  const Blank = { render: () => h('div', { 'data-testid': 'catalogue-view' }) }
  return mountScreens(
    [
      { path: '/catalogue', name: 'catalogue', component: list ?? Blank },
      { path: '/catalogue/bundles/new', name: 'bundleNew', component: BundleView },
      { path: '/catalogue/bundles/:id(\\d+)', name: 'bundle', component: BundleView, props: (r) => ({ id: Number(r.params.id) }) },
    ],
    at,
  )
}
