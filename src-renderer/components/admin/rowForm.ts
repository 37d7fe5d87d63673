import { decimalInput, type RowData, type TableColumn } from '../../../src-shared/administration'

/** A row as the form holds it: every cell as typed text. */
export type RowForm = Record<string, string>

export function rowFormFrom(columns: readonly TableColumn[], data: RowData | null): RowForm {
  return Object.fromEntries(columns.map((c) => [c.name, data?.[c.name] === null || data?.[c.name] === undefined ? '' : String(data[c.name])]))
}

/** Columns whose text is not a number, by name; an empty cell is fine (null). */
export function numberProblems(columns: readonly TableColumn[], form: RowForm): string[] {
  return columns.filter((c) => c.type === 'number' && form[c.name]!.trim() !== '' && !decimalInput.test(form[c.name]!.trim())).map((c) => c.name)
}

/** The row's data to send: numbers as numbers, empty cells as null. Call after numberProblems came back empty. */
export function rowDataFrom(columns: readonly TableColumn[], form: RowForm): RowData {
  return Object.fromEntries(
    columns.map((c) => {
      const text = form[c.name]!.trim()
      if (text === '') return [c.name, null]
      return [c.name, c.type === 'number' ? Number(text) : form[c.name]!]
    }),
  )
}
