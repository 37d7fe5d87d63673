/**
 * What a validation message of the service means, whatever language it came
 * in. The service (Rails) answers in its own locale, not the clerk's: "debe
 * existir" reaches an English screen and "can't be blank" a Spanish one. The
 * app says the meaning in the clerk's language and keeps the service's words
 * under "Detalles".
 */
export type ServiceFieldKind =
  | 'required'
  | 'mustExist'
  | 'taken'
  | 'notANumber'
  | 'notAnInteger'
  | 'greaterThan'
  | 'atLeast'
  | 'lessThan'
  | 'atMost'
  | 'tooLong'
  | 'tooShort'
  | 'notInList'
  | 'invalid'
  | 'rejected'

export interface ServiceFieldMeaning {
  kind: ServiceFieldKind
  /** The number the rule names (maximum length, lower bound…), as the service wrote it. */
  n?: string
}

/** A number, with the unit of a file's size when it has one (CarrierWave's "menor que 5 MB"). */
const num = String.raw`(-?\d+(?:[.,]\d+)?(?:\s?(?:[KMG]B|bytes)\b)?)`
/** Rails' default messages in English and Spanish (rails-i18n es), most specific first. */
const rules: readonly [RegExp, ServiceFieldKind][] = [
  [/can'?t be blank|must be present|no puede estar en blanco|debe estar presente|es obligatori[oa]/i, 'required'],
  [/must exist|debe existir|no existe|does not exist/i, 'mustExist'],
  [/has already been taken|ya está en uso|ya existe/i, 'taken'],
  [/must be an integer|debe ser un entero|debe ser (?:un )?número entero/i, 'notAnInteger'],
  [/is not a number|no es un número/i, 'notANumber'],
  [
    new RegExp(
      String.raw`must be greater than or equal to ${num}|debe ser mayor que o igual a ${num}|debe ser mayor o igual (?:que|a) ${num}`,
      'i',
    ),
    'atLeast',
  ],
  [new RegExp(String.raw`must be greater than ${num}|debe ser mayor que ${num}`, 'i'), 'greaterThan'],
  [
    new RegExp(
      String.raw`must be less than or equal to ${num}|debe ser menor que o igual a ${num}|debe ser menor o igual (?:que|a) ${num}`,
      'i',
    ),
    'atMost',
  ],
  [new RegExp(String.raw`must be less than ${num}|debe ser menor que ${num}`, 'i'), 'lessThan'],
  [/is too long \(maximum is (\d+)|es demasiado largo \((\d+)|máximo (\d+) caracteres/i, 'tooLong'],
  [/is too short \(minimum is (\d+)|es demasiado corto \((\d+)|mínimo (\d+) caracteres/i, 'tooShort'],
  [/is not included in the list|no está incluido en la lista|is reserved|está reservado/i, 'notInList'],
  [/is invalid|no es válid[oa]|es inválid[oa]/i, 'invalid'],
]

export function serviceFieldMeaning(text: string): ServiceFieldMeaning {
  for (const [pattern, kind] of rules) {
    const m = pattern.exec(text)
    if (!m) continue
    const n = m.slice(1).find((g) => g !== undefined)
    return n === undefined ? { kind } : { kind, n }
  }
  return { kind: 'rejected' }
}

const spanishWords = new Set([
  'el',
  'la',
  'los',
  'las',
  'de',
  'del',
  'que',
  'no',
  'ya',
  'es',
  'fue',
  'debe',
  'está',
  'en',
  'por',
  'para',
  'una',
  'un',
  'con',
  'sin',
  'puede',
  'existe',
  'ser',
  'hay',
  'se',
  'su',
  'excede',
  'disponible',
])
const englishWords = new Set([
  'the',
  'is',
  'are',
  'was',
  'must',
  'be',
  "can't",
  'cannot',
  'has',
  'have',
  'been',
  'of',
  'to',
  'not',
  'does',
  'exist',
  'already',
  'taken',
  'blank',
  'invalid',
  'available',
  'unavailable',
  'service',
  'exceeds',
  'for',
  'with',
  'and',
])

/**
 * Which of the app's two languages a text of the service is written in, by
 * its commonest words (null when it cannot tell): a message the clerk can read
 * is worth showing; one in the other language is not.
 */
export function textLanguage(text: string): 'es' | 'en' | null {
  let es = /[áéíóúñ¿¡]/i.test(text) ? 2 : 0
  let en = 0
  for (const word of text.toLowerCase().split(/[^a-záéíóúñü']+/)) {
    if (spanishWords.has(word)) es++
    if (englishWords.has(word)) en++
  }
  return es > en ? 'es' : en > es ? 'en' : null
}
