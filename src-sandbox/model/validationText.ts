/**
 * The service's validation messages, in Spanish as the real service gives them
 * (rails-i18n `es`). Kept in one place so routes, the import and the tests
 * agree on the exact words.
 */
export const validationText = {
  blank: 'no puede estar en blanco',
  taken: 'ya está en uso',
  invalid: 'no es válido',
  notANumber: 'no es un número',
  notAnInteger: 'debe ser un entero',
  mustExist: 'debe existir',
  greaterThan: (n: number) => `debe ser mayor que ${n}`,
  greaterThanOrEqual: (n: number) => `debe ser mayor que o igual a ${n}`,
  tooLong: (n: number) => `es demasiado largo (${n} caracteres máximo)`,
  notABoolean: 'debe ser verdadero o falso',
} as const
