// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import { AppError } from '@shared/errors'
import { useUnsentGuard } from '@renderer/composables/useUnsentGuard'
import { mountInApp, said } from '../../../support/renderer/mountInApp'
import { answers, resetApiStandIn } from '../../../support/renderer/apiStandIn'

vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

let mounted: VueWrapper | null = null
beforeEach(() => resetApiStandIn())
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

/** The guard as the user menu and the company switch use it, in a component under the app's dialog provider. */
function guard(): ReturnType<typeof useUnsentGuard> {
  let exposed: ReturnType<typeof useUnsentGuard> | null = null
  const Host = defineComponent({
    setup() {
      exposed = useUnsentGuard()
      return () => h('div')
    },
  })
  mounted = mountInApp(Host, {}).wrapper
  return exposed!
}

/** The question on screen, once it shows; the answer is one of its two buttons. */
async function question(): Promise<{ text: string; answer: (yes: boolean) => void }> {
  await vi.waitFor(() => expect(document.body.querySelector('.n-dialog')).not.toBeNull())
  const dialog = document.body.querySelector<HTMLElement>('.n-dialog')!
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('.n-dialog__action button')]
  const button = (label: string) => buttons.find((b) => b.textContent?.trim() === label)!
  return { text: dialog.textContent ?? '', answer: (yes) => button(said(yes ? 'unsent.confirm' : 'unsent.cancel')).click() }
}

describe('leaving with changes not sent', () => {
  it('lets the user go at once when nothing waits', async () => {
    answers.set('sync.status', () => ({ waiting: 0, failed: 0, conflicts: 0 }))
    expect(await guard().confirmLeaving('signOut')).toBe(true)
    await nextTick()
    expect(document.body.querySelector('.n-dialog')).toBeNull()
  })

  it('says how many changes wait, and stays when asked to', async () => {
    answers.set('sync.status', () => ({ waiting: 2, failed: 1, conflicts: 0 }))
    const leaving = guard().confirmLeaving('signOut')
    const { text, answer } = await question()
    expect(text).toContain('Hay 3 cambios de reservas sin enviar')
    answer(false)
    expect(await leaving).toBe(false)
  })

  it('asks too when it could not check, saying so, instead of letting the user go as if nothing waited', async () => {
    answers.set('sync.status', () => {
      throw new AppError('internal', { detail: 'SqliteError: database disk image is malformed' })
    })
    const leaving = guard().confirmLeaving('switch', 'Ferretería Sur')
    const { text, answer } = await question()
    expect(text).toContain(said('unsent.unknown'))
    answer(true)
    expect(await leaving).toBe(true)
  })
})
