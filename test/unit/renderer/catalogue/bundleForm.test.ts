import { describe, expect, it } from 'vitest'
import { bundleInput, ean13CheckDigit } from '@shared/catalogue'
import {
  changesFrom,
  checkForm,
  createInput,
  ean13State,
  formFieldOf,
  formFromDetail,
  hasChanges,
  isValidQuantity,
  newBundleForm,
  serviceMessagesByField,
} from '@renderer/areas/catalogue/bundleForm'
import { bundle } from './bundleFixture'

const detail = bundle({
  ean13: '7409100000072',
  bundleDetailsCount: 2,
  weight: 2.5,
  measurementUnit: 'kit',
  color: '#1e88e5',
  tags: ['oferta'],
  components: [
    { id: 71, itemId: 501, quantity: '2', itemCode: 'ART-1', itemName: 'Tubo', available: 40, active: true },
    { id: 72, itemId: 502, quantity: '1.5', itemCode: 'ART-2', itemName: 'Codo', available: 3, active: true },
  ],
  available: 2,
})

describe('bundle form', () => {
  it('a form left alone has nothing to send', () => {
    const form = formFromDetail(detail)
    expect(hasChanges(form, formFromDetail(detail))).toBe(false)
    expect(changesFrom(form, formFromDetail(detail))).toEqual({})
  })

  it('sends only the fields changed, and component additions, changes and removals', () => {
    const saved = formFromDetail(detail)
    const form = formFromDetail(detail)
    form.name = '  Surtido de plomería grande '
    form.description = ''
    form.tags = ['oferta', 'nuevo']
    form.components[0]!.quantity = '3,5' // a clerk's decimal comma
    form.components[1]!.removed = true
    form.components.push({
      key: 'n1',
      id: null,
      itemId: 503,
      itemCode: 'ART-3',
      itemName: 'Llave',
      available: 0,
      active: true,
      quantity: '1',
      savedQuantity: null,
      removed: false,
    })
    const changes = changesFrom(form, saved)
    expect(changes).toEqual({
      name: 'Surtido de plomería grande',
      tags: ['oferta', 'nuevo'],
      components: [
        { id: 71, itemId: 501, quantity: '3.5' },
        { id: 72, itemId: 502, quantity: '1.5', remove: true },
        { itemId: 503, quantity: '1' },
      ],
    })
    // What is sent passes the contract's own schema.
    expect(bundleInput.partial().safeParse(changes).success).toBe(true)
  })

  it('does not send a colour in another letter case as a change', () => {
    const form = formFromDetail(detail)
    form.color = '#1E88E5'
    expect(changesFrom(form, formFromDetail(detail))).toEqual({})
  })

  it('builds a create input the contract accepts; a dynamic bundle sends its category and no components', () => {
    const form = newBundleForm()
    form.code = 'E2E-1'
    form.name = 'Nuevo'
    form.components.push({
      key: 'n',
      id: null,
      itemId: 9,
      itemCode: null,
      itemName: null,
      available: null,
      active: null,
      quantity: '2',
      savedQuantity: null,
      removed: false,
    })
    expect(bundleInput.parse(createInput(form)).components).toEqual([{ itemId: 9, quantity: '2' }])
    expect(createInput(form).color).toBeUndefined()

    form.categoryBundle = true
    form.itemCategoryId = 401
    const dynamic = createInput(form)
    expect(dynamic.components).toBeUndefined()
    expect(dynamic.itemCategoryId).toBe(401)
    expect(bundleInput.safeParse(dynamic).success).toBe(true)
  })

  it('says how an EAN-13 is going as it is typed', () => {
    const first12 = '740910000007'
    const right = ean13CheckDigit(first12)
    expect(ean13State('')).toEqual({ state: 'empty' })
    expect(ean13State('74091')).toEqual({ state: 'typing', count: 5 })
    expect(ean13State('7409a')).toEqual({ state: 'notDigits' })
    expect(ean13State(`${first12}${right}`)).toEqual({ state: 'valid' })
    expect(ean13State(`${first12}${(right + 1) % 10}`)).toEqual({ state: 'badCheckDigit', expected: right })
    expect(ean13State(`${first12}${right}0`)).toEqual({ state: 'tooLong', count: 14 })
  })

  it('finds the problems a clerk must fix before saving', () => {
    const form = newBundleForm()
    form.ean13 = '7409100000071'
    form.color = '#12345'
    form.categoryBundle = true
    expect(checkForm(form).fields).toEqual({
      code: { key: 'required' },
      name: { key: 'required' },
      ean13: { key: 'ean13CheckDigit', params: { expected: 2 } },
      color: { key: 'colour' },
      itemCategoryId: { key: 'categoryRequired' },
    })
    form.categoryBundle = false
    form.components.push({
      key: 'q',
      id: null,
      itemId: 1,
      itemCode: null,
      itemName: null,
      available: null,
      active: null,
      quantity: '0',
      savedQuantity: null,
      removed: false,
    })
    expect(checkForm(form).lines).toEqual({ q: { key: 'quantity' } })
  })

  it('refuses an inactive component by its code and name, unless it is being removed', () => {
    const form = formFromDetail({ ...detail, components: [{ ...detail.components[0]!, active: false }, detail.components[1]!] })
    expect(checkForm(form).lines).toEqual({ 'saved-71': { key: 'inactiveComponent', params: { code: 'ART-1', name: 'Tubo' } } })
    form.components[0]!.removed = true
    expect(checkForm(form).lines).toEqual({})
  })

  it('accepts quantities above zero, with a dot or a comma', () => {
    expect(['1', '2.5', '0,25', ' 3 '].map(isValidQuantity)).toEqual([true, true, true, true])
    expect(['0', '0.0', '-1', 'abc', '', '1.'].map(isValidQuantity)).toEqual([false, false, false, false, false, false])
  })

  it('puts the service’s messages on the field they belong to, and anything else on the whole form', () => {
    expect(formFieldOf('code')).toBe('code')
    expect(formFieldOf('components')).toBe('components')
    // The service's names as the core hands them on, and the contract schema's paths, land on the same form field.
    expect(formFieldOf('components[0].quantity')).toBe('components')
    expect(formFieldOf('components.0.quantity')).toBe('components')
    expect(formFieldOf('extraDescription')).toBe('extraDescription')
    expect(formFieldOf('measurementUnit')).toBe('measurementUnit')
    expect(formFieldOf('itemCategoryId')).toBe('itemCategoryId')
    expect(formFieldOf('constructor')).toBe('base')
    expect(formFieldOf('base')).toBe('base')
    expect(formFieldOf('youtubeVideoUrl')).toBe('base')
    expect(serviceMessagesByField({ code: ['ya está en uso'], base: ['tiene movimientos'], zid: ['raro'] })).toEqual({
      code: ['ya está en uso'],
      base: ['tiene movimientos', 'zid: raro'],
    })
  })
})
