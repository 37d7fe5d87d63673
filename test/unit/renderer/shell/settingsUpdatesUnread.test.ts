// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors'
import SettingsDialog from '@renderer/shell/SettingsDialog.vue'
import { mountInApp, said } from '../../../support/renderer/mountInApp'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { byTestId, settle } from '../../../support/renderer/mountScreens'

// Settings opened while the updater's state cannot be read: a popup passed and the switch stayed disabled with no word
// of why. The failure stays where the state is said, with a retry.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const status = { enabled: true, state: 'idle', offReason: null, version: null, percent: null }
let readable = false

beforeEach(() => {
  resetApiStandIn()
  readable = false
  answers.set('updates.status', () => {
    if (!readable) throw new AppError('internal', { detail: 'the updater did not answer' })
    return status
  })
  answers.set('preferences.get', () => ({}))
  answers.set('counter.setup', () => null)
  answers.set('agencies.list', () => [])
  answers.set('printing.printers', () => [])
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('Settings when the updater’s state cannot be read', () => {
  it('says so where the state goes, and a retry that reads it shows the state', async () => {
    mountInApp(SettingsDialog, { show: true })
    await settle(20)
    const notice = byTestId('settings-updates-error')
    expect(notice?.textContent).toContain(said('updates.statusUnread'))

    readable = true
    notice!.querySelector<HTMLElement>('[data-testid="error-retry"]')!.click()
    await settle(20)
    expect(byTestId('settings-updates-error')).toBeNull()
    expect(byTestId('settings-updates-state')?.textContent).toBe(said('updates.state.idle'))
    expect(sent.filter((r) => r.name === 'updates.status')).toHaveLength(2)
  })
})
