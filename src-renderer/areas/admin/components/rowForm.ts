import { decimalInput, type CellValue, type RowData, type TableColumn } from '@shared/administration'

/** A row as the form holds it: every cell as typed text. */
export type RowForm = Record<string, string>

const shown = (value: CellValue | undefined): string => (value === null || value === undefined ? '' : String(value))

export function rowFormFrom(columns: readonly TableColumn[], data: RowData | null): RowForm {
  return Object.fromEntries(columns.map((c) => [c.name, shown(data?.[c.name])]))
}

/**
 * The columns the clerk touched. Editing a row sends only these: a cell the
 * app did not write (a boolean, text in a number column) stays as it is.
 */
function changed(columns: readonly TableColumn[], form: RowForm, original: RowData | null): TableColumn[] {
  return original ? columns.filter((c) => form[c.name] !== shown(original[c.name])) : [...columns]
}

/** Columns whose text is not a number, by name; an empty cell is fine (null), an untouched one too. */
export function numberProblems(columns: readonly TableColumn[], form: RowForm, original: RowData | null = null): string[] {
  return changed(columns, form, original)
    .filter((c) => c.type === 'number' && form[c.name]!.trim() !== '' && !decimalInput.test(form[c.name]!.trim()))
    .map((c) => c.name)
}

/**
 * The row's data to send: numbers as numbers, empty cells as null; for an
 * edit (original given), only the columns changed. Call after numberProblems
 * came back empty.
 */
export function rowDataFrom(columns: readonly TableColumn[], form: RowForm, original: RowData | null = null): RowData {
  return Object.fromEntries(
    changed(columns, form, original).map((c) => {
      const text = form[c.name]!.trim()
      if (text === '') return [c.name, null]
      return [c.name, c.type === 'number' ? Number(text) : form[c.name]!]
    }),
  )
}
