import type { ImportProblem } from './bundleImport'
import type { LocalisedText } from './errors'

/**
 * An import row's problem as a clerk reads it, in each language the app speaks: the screen and the CLI
 * pick one, so a row never shows the two side by side. Without zod, for the screens that only show them.
 */
export function importProblemText(p: Pick<ImportProblem, 'kind' | 'value' | 'row' | 'length' | 'max'>): LocalisedText {
  switch (p.kind) {
    case 'missing':
      return { es: 'falta', en: 'missing' }
    case 'repeated':
      return { es: `${p.value} ya está en la fila ${p.row ?? '?'}`, en: `${p.value} is already on row ${p.row ?? '?'}` }
    case 'badEan13':
      return { es: `${p.value} no es un EAN-13 válido`, en: `${p.value} is not a valid EAN-13` }
    case 'badComponent':
      return { es: `«${p.value}» debe ser ARTÍCULO:CANTIDAD`, en: `"${p.value}" must be ITEM:QUANTITY` }
    case 'unknownItem':
      return { es: `no hay artículo ${p.value}`, en: `there is no item ${p.value}` }
    case 'componentTwice':
      return { es: `${p.value} está dos veces`, en: `${p.value} is listed twice` }
    case 'tooLong':
      return {
        es: `«${p.value}» tiene ${p.length ?? '?'} caracteres; se admiten ${p.max ?? '?'} como máximo`,
        en: `"${p.value}" is ${p.length ?? '?'} characters long; at most ${p.max ?? '?'} are allowed`,
      }
  }
}

const fieldNames: Record<ImportProblem['field'], LocalisedText> = {
  code: { es: 'código', en: 'code' },
  name: { es: 'nombre', en: 'name' },
  description: { es: 'descripción', en: 'description' },
  tags: { es: 'etiquetas', en: 'tags' },
  ean13: { es: 'código de barras', en: 'barcode' },
  components: { es: 'componentes', en: 'components' },
}

/** "código: falta": the field, then its problem, in one language. */
export function importProblemLine(p: ImportProblem, language: keyof LocalisedText): string {
  return `${fieldNames[p.field][language]}: ${importProblemText(p)[language]}`
}
