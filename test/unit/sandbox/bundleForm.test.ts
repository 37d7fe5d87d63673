import { describe, expect, it } from 'vitest'
import { readBundleForm } from '@sandbox/model/bundleForm'
import { splitTagList } from '@sandbox/model/bundleTags'

describe('readBundleForm', () => {
  it('casts the way Rails does: "1"/"0" booleans, numeric strings, trimmed text, empty text as null', () => {
    const form = readBundleForm({
      code: ' K-1 ',
      name: 'Kit',
      description: '',
      active: '0',
      ecommerce: 'true',
      sellable: 1,
      weight: '2.5',
      volume: '',
      item_category_id: '402',
      color: '#a1b2c3',
      ean13: '7409100000010',
    })
    expect(form.errors).toEqual({})
    expect(form.changes).toEqual({
      code: 'K-1',
      name: 'Kit',
      description: null,
      active: 0,
      ecommerce: 1,
      sellable: 1,
      weight: 2.5,
      volume: null,
      item_category_id: 402,
      color: '#a1b2c3',
      ean13: '7409100000010',
    })
  })

  it('ignores fields a client may not write, as strong parameters do', () => {
    const form = readBundleForm({ id: 5, zid: 9, entity_id: 102, bundle_details_count: 7, created_at: 'x', name: 'Kit' })
    expect(form.changes).toEqual({ name: 'Kit' })
    expect(form.errors).toEqual({})
  })

  it('reports each bad field in Spanish, under its name', () => {
    const form = readBundleForm({
      code: '',
      name: '   ',
      ean13: '7409100000011',
      color: 'rojo',
      active: 'sí',
      weight: 'mucho',
      volume: -1,
      item_category_id: 'abc',
      item_country_code_id: '1.5',
      youtube_video_url: 'youtube',
      description: 'x'.repeat(5001),
      tag_list: 5,
    })
    expect(form.errors).toEqual({
      code: ['no puede estar en blanco'],
      name: ['no puede estar en blanco'],
      ean13: ['no es válido'],
      color: ['no es válido'],
      active: ['debe ser verdadero o falso'],
      weight: ['no es un número'],
      volume: ['debe ser mayor que o igual a 0'],
      item_category_id: ['no es un número'],
      item_country_code_id: ['debe ser un entero'],
      youtube_video_url: ['no es válido'],
      description: ['es demasiado largo (5000 caracteres máximo)'],
      tag_list: ['no es válido'],
    })
  })

  it('reads bundle_details_attributes keyed by index or as an array: new, changed and destroyed components', () => {
    const form = readBundleForm({
      bundle_details_attributes: {
        '0': { id: '30000001', quantity: '3' },
        '1': { item_id: '1000005', quantity: 1.25 },
        '2': { id: 30000002, _destroy: '1' },
        '3': { item_id: 1000009, quantity: '1', _destroy: 'true' },
      },
    })
    expect(form.errors).toEqual({})
    expect(form.details).toEqual([
      { id: 30000001, idText: '30000001', destroy: false, quantity: '3.0' },
      { destroy: false, itemId: 1000005, quantity: '1.25' },
      { id: 30000002, idText: '30000002', destroy: true },
    ])
    expect(readBundleForm({ bundle_details_attributes: [{ item_id: 1, quantity: '2' }] }).details).toEqual([
      { destroy: false, itemId: 1, quantity: '2.0' },
    ])
  })

  it('refuses components without an item or with a quantity that is not above zero', () => {
    const errors = (detail: unknown) => readBundleForm({ bundle_details_attributes: { '0': detail } }).errors
    expect(errors({ quantity: '1' })).toEqual({ 'bundle_details.item_id': ['no puede estar en blanco'] })
    expect(errors({ item_id: 1, quantity: '0' })).toEqual({ 'bundle_details.quantity': ['debe ser mayor que 0'] })
    expect(errors({ item_id: 1, quantity: '-2' })).toEqual({ 'bundle_details.quantity': ['debe ser mayor que 0'] })
    expect(errors({ item_id: 1, quantity: 'dos' })).toEqual({ 'bundle_details.quantity': ['no es un número'] })
    expect(errors({ item_id: 1 })).toEqual({ 'bundle_details.quantity': ['no puede estar en blanco'] })
    expect(errors('x')).toEqual({ bundle_details: ['no es válido'] })
  })
})

describe('splitTagList', () => {
  it('splits "a, b", drops blanks and repeats (case-insensitively), keeping the first spelling and the order', () => {
    expect(splitTagList('Oferta, nuevo,, oferta ,Más vendido')).toEqual(['Oferta', 'nuevo', 'Más vendido'])
    expect(splitTagList(['a', ' b ', 'A'])).toEqual(['a', 'b'])
    expect(splitTagList('')).toEqual([])
  })
})
