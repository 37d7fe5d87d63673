/** A row of an uploaded sheet: its number as the user sees it (1 = the first line) and its cells as text. */
export interface SheetRow {
  number: number
  cells: string[]
}

export function isBlankRow(row: SheetRow): boolean {
  return row.cells.every((c) => c.trim() === '')
}
