import { describe, expect, it } from 'vitest'
import { csvRows } from '@sandbox/imports/csvRows'

const cells = (text: string) => csvRows(text).map((r) => r.cells)

describe('csvRows', () => {
  it('reads plain rows numbered from 1, with or without a final line break, LF or CRLF', () => {
    expect(csvRows('a,b\n1,2\n')).toEqual([
      { number: 1, cells: ['a', 'b'] },
      { number: 2, cells: ['1', '2'] },
    ])
    expect(cells('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })

  it('reads quoted fields holding commas, quotes and line breaks as one cell', () => {
    expect(cells('code,name\n"K-1","Kit ""pro"", 3 piezas\nsegunda línea"\n')).toEqual([
      ['code', 'name'],
      ['K-1', 'Kit "pro", 3 piezas\nsegunda línea'],
    ])
  })

  it('drops a byte-order mark and keeps empty cells and blank lines', () => {
    expect(cells('\uFEFFcode,name,description\nK-1,,\n\nK-2,Dos,x')).toEqual([
      ['code', 'name', 'description'],
      ['K-1', '', ''],
      [''],
      ['K-2', 'Dos', 'x'],
    ])
  })

  it('takes the semicolon as the separator when the header uses it (a Spanish spreadsheet’s CSV)', () => {
    expect(cells('code;name;components\nK-1;Uno;"A:1;B:2"')).toEqual([
      ['code', 'name', 'components'],
      ['K-1', 'Uno', 'A:1;B:2'],
    ])
  })
})
