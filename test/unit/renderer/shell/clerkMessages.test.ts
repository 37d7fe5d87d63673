import { describe, expect, it } from 'vitest'
import { createSSRApp, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { createPinia, setActivePinia } from 'pinia'
import { createI18n } from 'vue-i18n'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { AppError, type ErrorPayload } from '@shared/errors'
import { useLocalisedError } from '@renderer/composables/useLocalisedError'
import { useProblemText } from '@renderer/composables/useProblemText'
import { serviceFieldMeaning, textLanguage } from '@renderer/composables/serviceFieldText'

/** Runs composables inside a real component setup, with the app's messages, in one UI language. */
async function inApp<T>(language: 'es' | 'en', use: () => T): Promise<T> {
  let result: T | undefined
  const app = createSSRApp({
    setup() {
      result = use()
      return () => h('div')
    },
  })
  const pinia = createPinia()
  setActivePinia(pinia)
  app.use(pinia)
  app.use(createI18n({ legacy: false, locale: language, fallbackLocale: 'es', messages: { es, en } }))
  await renderToString(app)
  return result!
}

const payload = (p: Partial<ErrorPayload> & Pick<ErrorPayload, 'code'>): ErrorPayload => ({
  message: { es: '', en: '' },
  detail: null,
  field: null,
  fields: {},
  ...p,
})

describe('what a validation message of the service means', () => {
  it('reads the same rule in English and in Spanish', () => {
    expect(serviceFieldMeaning("can't be blank")).toEqual({ kind: 'required' })
    expect(serviceFieldMeaning('no puede estar en blanco')).toEqual({ kind: 'required' })
    expect(serviceFieldMeaning('must exist')).toEqual({ kind: 'mustExist' })
    expect(serviceFieldMeaning('debe existir')).toEqual({ kind: 'mustExist' })
    expect(serviceFieldMeaning('must be greater than 0')).toEqual({ kind: 'greaterThan', n: '0' })
    expect(serviceFieldMeaning('debe ser mayor que o igual a 1')).toEqual({ kind: 'atLeast', n: '1' })
    // A file's size keeps its unit: "less than 5" of a picture refused as too large would mislead.
    expect(serviceFieldMeaning('el tamaño del archivo debe ser menor que 5 MB')).toEqual({ kind: 'lessThan', n: '5 MB' })
    expect(serviceFieldMeaning('is too long (maximum is 30 characters)')).toEqual({ kind: 'tooLong', n: '30' })
    expect(serviceFieldMeaning('has already been taken')).toEqual({ kind: 'taken' })
    expect(serviceFieldMeaning('excede la existencia disponible de X')).toEqual({ kind: 'rejected' })
  })

  it('tells which of the two languages a message is in', () => {
    expect(textLanguage('La reserva ya fue despachada')).toBe('es')
    expect(textLanguage('Service unavailable (sandbox fault: injected 5xx; nothing was done)')).toBe('en')
    expect(textLanguage('read ECONNRESET')).toBeNull()
  })
})

describe('errors as a clerk reads them', () => {
  it('a 503 says our sentence in Spanish and keeps the service words for "Detalles" only', async () => {
    const { message, technicalDetail } = await inApp('es', useLocalisedError)
    const err = new AppError('server', { status: 503, detail: 'Service unavailable (sandbox fault: injected 5xx; nothing was done)' })
    expect(message(err)).toBe('El servicio falla: tuvo un error. Inténtelo de nuevo en un momento.')
    expect(message(err)).not.toMatch(/Service unavailable/)
    expect(technicalDetail(err)).toBe('Service unavailable (sandbox fault: injected 5xx; nothing was done)')
  })

  it('a dropped connection never shows "read ECONNRESET" in the sentence', async () => {
    const { problemText } = await inApp('es', useProblemText)
    const text = problemText(payload({ code: 'network', detail: 'read ECONNRESET' }))
    expect(text).toEqual({ message: 'Sin conexión con el servicio. Revise la red.', detail: 'read ECONNRESET' })
  })

  it('an English field message on a Spanish screen becomes our Spanish sentence; its words go to the detail', async () => {
    const { fieldMessages, technicalDetail } = await inApp('es', useLocalisedError)
    const err = new AppError('validation', { fields: { plannedDelivery: ["can't be blank"], name: ['is frobnicated'] } })
    expect(fieldMessages(err, 'plannedDelivery')).toBe('Este dato es obligatorio.')
    expect(fieldMessages(err, 'name')).toBe('El servicio no aceptó este dato.')
    expect(technicalDetail(err)).toBe("plannedDelivery: can't be blank\nname: is frobnicated")
  })

  it('a Spanish field message on an English screen becomes our English sentence', async () => {
    const { fieldMessages } = await inApp('en', useLocalisedError)
    const err = new AppError('validation', { fields: { agencyToId: ['debe existir'] } })
    expect(fieldMessages(err, 'agencyToId')).toMatch(/^The chosen record does not exist on the service/)
  })

  it('a refused line of a booking whose lines are known names the product, not only the line number', async () => {
    const { problemText } = await inApp('es', useProblemText)
    const lines = [
      { itemCode: 'ART-1', itemName: 'Tornillo' },
      { itemCode: 'CON-00019', itemName: 'Cemento gris alta resistencia 20 kg Fuerte' },
    ]
    const text = problemText(payload({ code: 'validation', fields: { 'lines[1].itemId': ['no está activo'] } }), lines)
    expect(text.detail).toBe('Línea 2 (CON-00019 Cemento gris alta resistencia 20 kg Fuerte), producto: no está activo')
    expect(text.message).toMatch(/^Línea 2 \(CON-00019 Cemento gris alta resistencia 20 kg Fuerte\), producto: /)
  })

  it('a refused line names the line and field in our words, the service words apart', async () => {
    const { problemText } = await inApp('es', useProblemText)
    const text = problemText(payload({ code: 'validation', fields: { 'lines[0].itemId': ['must exist'] } }))
    expect(text.message).toBe('Línea 1, producto: Lo elegido no existe en el servicio (puede ser de otra empresa o haberse borrado).')
    expect(text.detail).toBe('Línea 1, producto: must exist')
  })

  it('keeps a refusal the clerk can read (same language) rather than "check the highlighted fields"', async () => {
    const { problemText } = await inApp('es', useProblemText)
    expect(problemText(payload({ code: 'validation', detail: 'La reserva ya fue despachada' })).message).toBe(
      'La reserva ya fue despachada',
    )
    expect(problemText(payload({ code: 'validation', detail: 'Booking was already shipped' })).message).toBe('Revise los datos marcados.')
  })
})

describe('the detail of a refused line', () => {
  it('says the service words once, named by line and field', async () => {
    const { problemText } = await inApp('es', useProblemText)
    const said = 'excede la existencia disponible de CER-00009'
    expect(problemText(payload({ code: 'validation', detail: said, fields: { 'lines[0].bookedQuantity': [said] } })).detail).toBe(
      `Línea 1, cantidad: ${said}`,
    )
  })
})
