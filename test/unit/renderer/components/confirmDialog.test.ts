// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { h, nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import { AppError } from '@shared/errors'
import ConfirmDialog from '@renderer/components/ConfirmDialog.vue'
import { mountInApp, said } from '../../../support/renderer/mountInApp'

// The dialog reads nothing from the core: the stand-in refuses any request.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

/** The dialog as a screen opens it: closed, then shown. The modal is drawn on the page's body (a teleport). */
async function dialog(action: () => Promise<unknown>, more: Record<string, unknown> = {}) {
  const app = mountInApp(
    ConfirmDialog,
    {
      show: false,
      'onUpdate:show': (open: boolean) => (app.props.show = open),
      title: 'Eliminar el grupo «Costura»',
      body: 'No se puede deshacer.',
      action,
      testId: 'group-delete',
      ...more,
    },
    { slots: { refusal: () => h('p', { 'data-testid': 'refusal' }, 'Tiene movimientos') } },
  )
  mounted = app.wrapper
  app.props.show = true
  await nextTick()
  await nextTick()
  const find = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="group-delete-${id}"]`)
  const click = async (id: string) => {
    find(id)!.click()
    await vi.waitFor(() => expect(find(id)?.querySelector('.n-base-loading') ?? null).toBeNull())
    await nextTick()
  }
  return { ...app, find, click }
}

describe('the confirm dialog', () => {
  it('opens on its confirm button, so an Enter at once confirms', async () => {
    const { find } = await dialog(async () => undefined)
    expect(find('dialog')!.textContent).toContain('Eliminar el grupo «Costura»')
    expect(find('dialog')!.textContent).toContain('No se puede deshacer.')
    expect(find('confirm')!.textContent!.trim()).toBe(said('confirm.delete'))
    expect(document.activeElement).toBe(find('confirm'))
  })

  it('runs the command once, then closes and says it is done', async () => {
    const action = vi.fn(async () => undefined)
    const { click, props, inner } = await dialog(action)
    await click('confirm')
    expect(action).toHaveBeenCalledOnce()
    expect(props.show).toBe(false)
    expect(inner().emitted('done')).toHaveLength(1)
  })

  it('stays open with the error in words when the command fails, and a second try may succeed', async () => {
    const action = vi.fn().mockRejectedValueOnce(new AppError('network')).mockResolvedValueOnce(undefined)
    const { click, find, props, inner } = await dialog(action)
    await click('confirm')
    expect(props.show).toBe(true)
    expect(find('error')).not.toBeNull()
    expect(inner().emitted('done')).toBeUndefined()

    await click('confirm')
    expect(props.show).toBe(false)
    expect(inner().emitted('done')).toHaveLength(1)
  })

  it('turns a refusal no retry changes into its reason and one "Understood" button', async () => {
    const refusal = new AppError('conflict', { detail: 'has movements' })
    const { click, find, props } = await dialog(() => Promise.reject(refusal), { isRefusal: (e: AppError) => e === refusal })
    await click('confirm')
    expect(find('confirm')).toBeNull()
    expect(document.body.querySelector('[data-testid="refusal"]')!.textContent).toBe('Tiene movimientos')
    expect(find('cancel')!.textContent!.trim()).toBe(said('confirm.understood'))
    await vi.waitFor(() => expect(document.activeElement).toBe(find('cancel')))

    await click('cancel')
    expect(props.show).toBe(false)
  })

  it('closes at Cancel without running the command', async () => {
    const action = vi.fn(async () => undefined)
    const { click, props, inner } = await dialog(action)
    await click('cancel')
    expect(props.show).toBe(false)
    expect(action).not.toHaveBeenCalled()
    expect(inner().emitted('done')).toBeUndefined()
  })
})
