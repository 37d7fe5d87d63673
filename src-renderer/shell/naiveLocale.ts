import { createLocale, dateEnUS, dateEsAR, enUS, esAR, type NLocale } from 'naive-ui'
import type { Language } from '@shared/domain'

/**
 * naive-ui writes its own placeholder into every empty field it owns
 * ("Ingrese datos por favor", "Seleccionar por favor", "Please Input", and
 * "Select Week" even in Spanish): a second voice that is not the app's, and
 * says nothing about the field. Blanked here once for all fields; a field
 * that needs a hint gives its own placeholder.
 */
const noPlaceholders = {
  Input: { placeholder: '' },
  InputNumber: { placeholder: '' },
  Select: { placeholder: '' },
  Cascader: { placeholder: '' },
  TimePicker: { placeholder: '' },
  DatePicker: {
    datePlaceholder: '',
    datetimePlaceholder: '',
    monthPlaceholder: '',
    yearPlaceholder: '',
    quarterPlaceholder: '',
    weekPlaceholder: '',
    startDatePlaceholder: '',
    endDatePlaceholder: '',
    startDatetimePlaceholder: '',
    endDatetimePlaceholder: '',
    startMonthPlaceholder: '',
    endMonthPlaceholder: '',
  },
}

const locales: Record<Language, NLocale> = {
  es: createLocale(noPlaceholders as Partial<NLocale>, esAR),
  en: createLocale(noPlaceholders as Partial<NLocale>, enUS),
}

export function naiveLocale(language: Language): NLocale {
  return locales[language]
}

export function naiveDateLocale(language: Language) {
  return language === 'en' ? dateEnUS : dateEsAR
}
