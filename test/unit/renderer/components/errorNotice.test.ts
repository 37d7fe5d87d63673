// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VueWrapper } from '@vue/test-utils'
import { AppError, errorMessages } from '@shared/errors'
import ErrorNotice from '@renderer/components/ErrorNotice.vue'
import { mountInApp } from '../../../support/renderer/mountInApp'

vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

const refused = new AppError('internal', { detail: 'SqliteError: database disk image is malformed' })

function notice(props: Record<string, unknown>) {
  const app = mountInApp(ErrorNotice, { error: refused, ...props })
  mounted = app.wrapper
  const find = (selector: string) => app.wrapper.find(selector)
  return { title: () => find('.n-alert-body__title').text(), find }
}

describe('an error notice', () => {
  it('leads with what failed when the screen says it, then the error in the clerk’s words, the technical words apart', () => {
    const { title, find } = notice({ what: 'No se pudieron leer las existencias' })
    expect(title()).toBe('No se pudieron leer las existencias')
    expect(find('[data-testid="error-reason"]').text()).toBe(errorMessages.internal.es)
    expect(find('[data-testid="error-detail"]').text()).toContain('database disk image is malformed')
    expect(title()).not.toContain('SqliteError')
  })

  it('has the error’s sentence as its title where the screen around it says what failed', () => {
    const { title, find } = notice({})
    expect(title()).toBe(errorMessages.internal.es)
    expect(find('[data-testid="error-reason"]').exists()).toBe(false)
  })
})
