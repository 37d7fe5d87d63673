// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors'
import { defaultPreferences } from '@shared/preferenceValues'
import { said } from '../../../support/renderer/mountInApp'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'
import { byTestId, mountScreens, settle } from '../../../support/renderer/mountScreens'

// What this computer is for, asked once: a choice that could not be kept is undone, and the clerk is told why.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

/** The preferences file cannot be written (a full disk, a read-only profile) until this is cleared. */
let unwritable = true

beforeEach(() => {
  resetApiStandIn()
  unwritable = true
  request.mockImplementation(async (name: string, input?: unknown) => {
    if (name === 'preferences.get') return structuredClone(defaultPreferences)
    if (name === 'preferences.set') {
      if (unwritable) throw new AppError('internal')
      return { ...structuredClone(defaultPreferences), ...(input as object) }
    }
    return undefined
  })
})
afterEach(() => {
  document.body.innerHTML = ''
})

async function chooseCounter() {
  const { default: StationChooser } = await import('@renderer/shell/StationChooser.vue')
  const { usePreferencesStore } = await import('@renderer/stores/preferences')
  const Blank = { render: () => null }
  const { wrapper } = await mountScreens(
    [
      { path: '/', component: StationChooser },
      { path: '/:any(.*)*', component: Blank },
    ],
    '/',
  )
  await usePreferencesStore(wrapper.vm.$pinia).ensureLoaded()
  await settle()
  byTestId('station-counter')!.click()
  await settle(20)
}

describe('the station chooser', () => {
  it('says why the station was not kept when its save fails', async () => {
    await chooseCounter()
    // The chooser came back (the choice was undone), saying why.
    expect(byTestId('station-chooser')).not.toBeNull()
    expect(byTestId('station-not-kept')?.textContent).toContain(said('stations.notKept', { station: said('stations.counter.name') }))
  })

  it('keeps the station at a retry once it can be saved, and opens its first screen', async () => {
    await chooseCounter()
    unwritable = false
    byTestId('station-not-kept')!.querySelector<HTMLElement>('[data-testid="error-retry"]')!.click()
    await settle(20)
    expect(byTestId('station-chooser')).toBeNull()
  })
})
