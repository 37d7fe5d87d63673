// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { h, type VNode } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import BookingLineRow from '@renderer/areas/counter/components/BookingLineRow.vue'
import { quantityLimits } from '@shared/patterns'
import type { FormLine, OverStock } from '@renderer/stores/bookingFormLines'
import { mountInApp, said } from '../../../support/renderer/mountInApp'

// The row reads nothing from the core; a request would be a mistake this stand-in makes loud.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const line = (over: Partial<FormLine> = {}): FormLine => ({
  key: 7,
  itemId: 42,
  code: 'JAR-00026',
  name: 'Jarabe de fresa',
  available: 30,
  lots: [],
  lotId: null,
  quantity: '2',
  serialNumber: '',
  reference: '',
  bundleId: null,
  bundleCode: null,
  ...over,
})
const lots = [
  { id: 1, name: 'L-01', expires: null, available: 4 },
  { id: 2, name: 'L-02', expires: null, available: 40 },
]

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

function row(over: Partial<FormLine> = {}, stock: OverStock | null = null) {
  const table = (inner: VNode) => h('table', [h('tbody', [inner])])
  const app = mountInApp(BookingLineRow, { line: line(over), index: 2, selected: false, over: stock, oldStock: null }, { wrap: table })
  mounted = app.wrapper
  const find = (id: string) => app.wrapper.get(`[data-testid="${id}"]`)
  const changes = () => (app.inner().emitted('change') ?? []).map(([l]) => l as FormLine)
  return { ...app, find, changes }
}

describe('the booking line row', () => {
  it('shows the line as the clerk scanned it: its number, code, name and what is available', () => {
    const { find, wrapper } = row()
    expect(wrapper.get('tr.line td').text()).toBe('3')
    expect(find('booking-line-code').text()).toBe('JAR-00026')
    expect(find('booking-line-name').text()).toBe('Jarabe de fresa')
    expect(find('booking-line-available').text()).toBe('30')
    expect(
      find('booking-line-lot')
        .findAll('option')
        .map((o) => o.text()),
    ).toEqual([said('counter.noLot')])
  })

  it('hands a typed quantity up as a changed line and keeps the rest of it', async () => {
    const { find, changes } = row()
    await find('booking-line-quantity').get('input').setValue('5')
    expect(changes()).toEqual([line({ quantity: '5' })])
  })

  it('says under the line that a quantity is wrong, and marks the field', async () => {
    const { find, wrapper, props } = row()
    expect(wrapper.find('[data-testid="booking-line-error"]').exists()).toBe(false)
    props.line = line({ quantity: '0' })
    await wrapper.vm.$nextTick()
    expect(find('booking-line-quantity').get('input').attributes('aria-invalid')).toBe('true')
    const before = said('counter.badQuantity', { decimals: quantityLimits.decimals, largest: '@' }).split('@')[0]!
    expect(find('booking-line-error').text()).toContain(before)
  })

  it('warns, without refusing, when the line asks for more than the agency has', () => {
    const { find, wrapper } = row({ quantity: '50' }, { available: 30, lot: null })
    expect(wrapper.get('tr.line').classes()).toContain('over')
    expect(find('booking-line-warning').text()).toBe(said('counter.overStock', { available: '30' }))
    expect(wrapper.find('[data-testid="booking-line-error"]').exists()).toBe(false)
  })

  it('asks for a lot when the item is kept in lots and none is chosen, and hands the chosen one up', async () => {
    const { find, changes } = row({ lots, lotId: null, quantity: '50' })
    const options = find('booking-line-lot').findAll('option')
    expect(options[0]!.text()).toBe(said('counter.chooseLot'))
    expect(options[0]!.attributes('disabled')).toBeDefined()
    expect(options.slice(1).map((o) => o.text())).toEqual([
      said('counter.lotOptionNoExpiry', { name: 'L-01', available: '4' }),
      said('counter.lotOptionNoExpiry', { name: 'L-02', available: '40' }),
    ])
    expect(find('booking-line-lot-mark').text()).toBe(said('counter.lotsNoneCovers'))

    ;(options[2]!.element as HTMLOptionElement).selected = true
    await find('booking-line-lot').trigger('change')
    expect(changes().map((l) => l.lotId)).toEqual([2])
  })

  it('is chosen by a click, and its ✕ removes it without choosing it', async () => {
    const { find, wrapper, inner } = row()
    await wrapper.get('tr.line').trigger('click')
    await find('booking-line-remove').trigger('click')
    expect(inner().emitted('select')).toEqual([[7]])
    expect(inner().emitted('remove')).toEqual([[7]])
  })
})
