// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VueWrapper } from '@vue/test-utils'
import { company as companySchema, type Company } from '@shared/domain'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { mountInApp, said } from '../../../support/renderer/mountInApp'

// The company screen against a stand-in of the API client; the shell's read of the currency is made by hand.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const CompanyView = (await import('@renderer/areas/admin/views/CompanyView.vue')).default
const { useEntityCurrencyStore } = await import('@renderer/stores/entityCurrency')

const company = {
  ...Object.fromEntries(Object.keys(companySchema.shape).map((k) => [k, null])),
  id: 1,
  name: 'Ferretería Central',
  currencyId: 5,
} as unknown as Company

let mounted: VueWrapper | null = null
beforeEach(() => resetApiStandIn())
afterEach(() => {
  mounted?.unmount()
  mounted = null
})
const byTestId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const currencyShown = () => byTestId('company-field-currencyId')?.textContent

describe('the company screen', () => {
  it('says the currency could not be read, not "not available", and its Reload reads the currency again', async () => {
    // The shell read the currency as the window opened, while the service did not answer.
    answers.set('company.currency', () => {
      throw new AppError('network')
    })
    answers.set('company.get', () => company)
    mounted = mountInApp(CompanyView, {}).wrapper
    await useEntityCurrencyStore().load()
    await vi.waitFor(() => expect(currencyShown()).toBe(said('company.currencyNotRead')))
    expect(byTestId('company-currency-error')?.textContent).toContain(said('company.currencyFailed'))

    // Back online: Reload reads the company and its currency.
    answers.set('company.currency', () => ({ id: 5, code: 'GTQ', symbol: 'Q', country: 'GT' }))
    byTestId('company-reload')!.click()
    await vi.waitFor(() => expect(currencyShown()).toContain('GTQ'))
    expect(sent.filter((r) => r.name === 'company.currency')).toHaveLength(2)
    expect(byTestId('company-currency-error')).toBeNull()
  })
})
