// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VueWrapper } from '@vue/test-utils'
import ScanBox, { type Picked } from '@renderer/components/ScanBox.vue'
import { mountInApp, said } from '../../../support/renderer/mountInApp'
import { request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The catalogue the suggestions come from: the core's two searches, answered here.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const item = (id: number, code: string, name: string, active = true) => ({ id, code, name, available: 12, active })
beforeEach(() => {
  request.mockImplementation(async (name: string, input: { query: string }) => {
    if (name === 'items.search')
      return [item(1, 'JAR-001', 'Jarabe de fresa'), item(2, 'JAR', 'Jarabe', false), item(3, 'JAR-002', 'Jarabe de mora')].filter((i) =>
        i.code.toLowerCase().startsWith(input.query.toLowerCase()),
      )
    if (name === 'catalogue.search') return { rows: [], total: 0 }
    throw new Error(`unexpected request ${name}`)
  })
})

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
  resetApiStandIn()
})

function box() {
  const app = mountInApp(ScanBox, {})
  mounted = app.wrapper
  const input = app.wrapper.get('[data-testid="booking-scan"] input')
  const type = async (text: string) => {
    ;(input.element as HTMLInputElement).value = text
    await input.trigger('input')
  }
  const press = (key: string, more: KeyboardEventInit = {}) => input.trigger('keydown', { key, ...more })
  const picked = () => (app.inner().emitted('pick') ?? []).map(([p]) => p as Picked)
  const suggestions = () => app.wrapper.findAll('[data-testid="booking-suggestion"]')
  /** A person's pause: the suggestions are asked for after 150 ms and answered. */
  const pause = () => vi.waitFor(() => expect(suggestions().length).toBeGreaterThan(0))
  return { ...app, input, type, press, picked, suggestions, pause }
}

describe('the scan box', () => {
  it('takes a scanned code at Enter at once, without waiting for suggestions, and empties itself', async () => {
    const { input, type, press, picked } = box()
    await type('7401234567890')
    await press('Enter')
    expect(picked()).toEqual([{ code: '7401234567890', count: '1' }])
    expect((input.element as HTMLInputElement).value).toBe('')
    expect(request).not.toHaveBeenCalled()
  })

  it('reads a count typed before or after the code', async () => {
    const { type, press, picked } = box()
    await type('5*JAR-001')
    await press('Enter')
    await type('JAR-002*3')
    await press('Enter')
    expect(picked()).toEqual([
      { code: 'JAR-001', count: '5' },
      { code: 'JAR-002', count: '3' },
    ])
  })

  it('suggests after a pause with the exact code chosen, marks a withdrawn item, and Enter takes the choice', async () => {
    const { type, press, picked, suggestions, pause, wrapper } = box()
    await type('jar')
    await pause()
    expect(suggestions().map((s) => s.attributes('data-code'))).toEqual(['JAR-001', 'JAR', 'JAR-002'])
    expect(suggestions()[1]!.attributes('aria-selected')).toBe('true')
    expect(wrapper.get('[data-testid="suggestion-inactive"]').text()).toBe(said('counter.suggestionInactive'))

    await press('ArrowDown')
    expect(suggestions()[2]!.attributes('aria-selected')).toBe('true')
    await press('Enter')
    expect(picked()).toEqual([{ code: 'JAR-002', kind: 'item', count: '1' }])
    expect(suggestions()).toHaveLength(0)
  })

  it('closes the suggestions at Esc and takes a click on one', async () => {
    const { type, press, picked, suggestions, pause } = box()
    await type('2*jar-0')
    await pause()
    await press('Escape')
    expect(suggestions()).toHaveLength(0)

    await type('2*jar-00')
    await pause()
    await suggestions()[0]!.trigger('mousedown')
    expect(picked()).toEqual([{ code: 'JAR-001', kind: 'item', count: '2' }])
  })

  it('passes Del and Ctrl+Z on the empty box to the lines, and leaves Enter there to the screen', async () => {
    const { type, press, picked, inner } = box()
    await press('Enter')
    await press('Delete')
    await press('z', { ctrlKey: true })
    expect(picked()).toEqual([])
    expect(inner().emitted('removeLine')).toHaveLength(1)
    expect(inner().emitted('undo')).toHaveLength(1)

    // With a code typed, they are the box's own: nothing goes to the lines.
    await type('JAR')
    await press('Delete')
    await press('z', { ctrlKey: true })
    expect(inner().emitted('removeLine')).toHaveLength(1)
    expect(inner().emitted('undo')).toHaveLength(1)
  })
})
