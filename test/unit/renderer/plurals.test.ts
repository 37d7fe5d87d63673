import { describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'

// Issue 30, item 5: "Hay 1 cambios", "problema(s)": counts are written with vue-i18n's plural forms.
const t = i18n.global.t

function messages(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null ? messages(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)]],
  )
}

describe('counts in words', () => {
  it('no message leaves the plural to the reader with "(s)"', () => {
    const guessing = (tree: object) => messages(tree).filter(([, m]) => /\w\(s\)/.test(m))
    expect(guessing(es)).toEqual([])
    expect(guessing(en)).toEqual([])
  })

  const cases: [key: string, named: Record<string, unknown>, one: RegExp, many: RegExp][] = [
    ['diagnostics.someFailed', {}, /^Hay 1 problema$/, /^Hay 3 problemas$/],
    [
      'unsent.signOut',
      {},
      /^Hay 1 cambio de reservas sin enviar al servicio\. Queda guardado/,
      /^Hay 3 cambios de reservas sin enviar al servicio\. Quedan guardados/,
    ],
    [
      'unsent.switch',
      { entity: 'Ferretería' },
      /^Hay 1 cambio de reservas de Ferretería sin enviar\. Se enviará /,
      /^Hay 3 cambios de reservas de Ferretería sin enviar\. Se enviarán /,
    ],
    [
      'unsent.signInBody',
      {},
      /Su cambio pendiente sigue guardado en este equipo y se enviará/,
      /Sus 3 cambios pendientes siguen guardados en este equipo y se enviarán/,
    ],
    ['admin.graphql.tableOf', { path: 'items' }, /^items: 1 registro$/, /^items: 3 registros$/],
    [
      'purchasing.consolidates.deleteBody',
      {},
      /^Su orden queda libre y se podrá consolidar de nuevo; nada más cambia en ella\.$/,
      /^Sus 3 órdenes quedan libres/,
    ],
  ]

  it.each(cases)('%s agrees with its count in Spanish', (key, named, one, many) => {
    i18n.global.locale.value = 'es'
    expect(t(key, { ...named, n: 1, count: 1 }, 1)).toMatch(one)
    expect(t(key, { ...named, n: 3, count: 3 }, 3)).toMatch(many)
  })

  it('and in English', () => {
    i18n.global.locale.value = 'en'
    expect(t('diagnostics.someFailed', { n: 1 }, 1)).toBe('1 problem found')
    expect(t('diagnostics.someFailed', { n: 2 }, 2)).toBe('2 problems found')
    expect(t('unsent.signOut', { count: 1 }, 1)).toMatch(/^1 booking change has not reached the service\. It stays/)
    expect(t('admin.graphql.tableOf', { path: 'items', count: 1 }, 1)).toBe('items: 1 record')
    expect(t('purchasing.consolidates.deleteBody', { n: 1 }, 1)).toMatch(/^Its order is released/)
    i18n.global.locale.value = 'es'
  })
})
