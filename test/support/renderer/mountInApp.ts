import { defineComponent, h, reactive, type Component, type VNode } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { NConfigProvider, NDialogProvider, NMessageProvider } from 'naive-ui'
import { i18n } from '@renderer/i18n'

/**
 * A component as the app mounts it, for the component tests (happy-dom): real pinia, the app's i18n
 * (Spanish, its default) and the naive-ui providers App.vue puts around every screen. `props` is reactive:
 * changing it after the mount is the parent handing new props. `wrap` puts the component inside other
 * markup (a table row needs its table). Transitions run as in the app (a dialog's after-enter focuses). The API client is stood in by each test (apiStandIn.ts).
 */
export function mountInApp<P extends Record<string, unknown>>(
  component: Component,
  props: P,
  options: { slots?: Record<string, () => VNode | VNode[] | string>; wrap?: (inner: VNode) => VNode } = {},
): { wrapper: VueWrapper; props: P; inner: () => VueWrapper } {
  const state = reactive(props) as P
  const wrap = options.wrap ?? ((inner: VNode) => inner)
  const Host = defineComponent({
    setup: () => () =>
      h(NConfigProvider, null, {
        default: () =>
          h(NMessageProvider, null, {
            default: () => h(NDialogProvider, null, { default: () => wrap(h(component, state, options.slots)) }),
          }),
      }),
  })
  const wrapper = mount(Host, { global: { plugins: [createPinia(), i18n], stubs: { transition: false } }, attachTo: document.body })
  return { wrapper, props: state, inner: () => wrapper.findComponent(component) as VueWrapper }
}

/** A message of the app in the language on screen, as the clerk reads it. */
export const said = (key: string, values: Record<string, unknown> = {}): string => i18n.global.t(key, values)
