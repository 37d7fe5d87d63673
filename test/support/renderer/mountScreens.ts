import { h } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { createMemoryHistory, createRouter, RouterView, type Router, type RouteRecordRaw } from 'vue-router'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
import { i18n } from '@renderer/i18n'

/**
 * Screens as the router shows them (memory history, a plain router-view), inside the providers App.vue gives, for
 * the component tests (happy-dom; the test stands in the API client). Each test names the routes it needs, so a
 * screen's links resolve without the whole app's router.
 */
export async function mountScreens(routes: RouteRecordRaw[], at: string): Promise<{ wrapper: VueWrapper; router: Router }> {
  const router = createRouter({ history: createMemoryHistory(), routes })
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
export const allByTestId = (id: string): HTMLElement[] => [...document.body.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]

/** Lets the stood-in answers, the stores and the screen's renders run their course (`n` turns of the event loop). */
export const settle = async (n = 10): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}
