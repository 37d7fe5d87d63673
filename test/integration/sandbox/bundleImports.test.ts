import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { makeEan13 } from '@sandbox/seed/ean13'
import { rest } from './sandboxClient'

type Json = Record<string, unknown>

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const f101 = bundleFacts[101]
const header = ['code', 'name', 'description', 'ean13', 'tags', 'components']

/** Two item codes of the current entity, read from a seeded bundle. */
let itemCodes: string[]
beforeAll(async () => {
  const detail = await rest<{ bundle_details: { item: { code: string } }[] }>(
    sandbox,
    ana(),
    'GET',
    `/inventories/bundles/${f101.withMovements.id}.json`,
  )
  itemCodes = detail.body.bundle_details.map((d) => d.item.code)
})

function csv(rows: string[][]): string {
  const quote = (cell: string) => (/[",\n;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
  return `${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Paquetes')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** The file as a multipart `bundle_import[file]`, as the docs show the service's imports. */
async function upload(filename: string, data: Buffer | string) {
  const form = new FormData()
  form.append('bundle_import[file]', new Blob([new Uint8Array(Buffer.from(data))]), filename)
  return rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles/bundle_imports.json', form)
}

const bundles = async () => (await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body

describe('POST /inventories/bundles/bundle_imports.json', () => {
  it('imports a CSV: one bundle per row with tags and components, answering {}', async () => {
    const ean13 = makeEan13('740', '910', 90_001)
    const res = await upload(
      'paquetes.csv',
      csv([
        header,
        ['IMP-1', 'Kit importado, con coma', 'Desde un archivo', ean13, 'importado|oferta', `${itemCodes[0]}:2;${itemCodes[1]}:1.5`],
        ['IMP-2', 'Kit sin extras', '', '', '', ''],
      ]),
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    const list = await bundles()
    const first = list.find((b) => b.code === 'IMP-1')!
    expect(first).toMatchObject({
      name: 'Kit importado, con coma',
      description: 'Desde un archivo',
      ean13,
      tags: ['importado', 'oferta'],
      bundle_details_count: 2,
    })
    const detail = await rest<{ bundle_details: { item: { code: string }; quantity: string }[] }>(
      sandbox,
      ana(),
      'GET',
      `/inventories/bundles/${first.id as number}.json`,
    )
    expect(detail.body.bundle_details.map((d) => [d.item.code, d.quantity])).toEqual([
      [itemCodes[0], '2.0'],
      [itemCodes[1], '1.5'],
    ])
    expect(list.find((b) => b.code === 'IMP-2')).toMatchObject({ description: null, ean13: null, tags: [], bundle_details_count: 0 })
  })

  it('imports an .xlsx, barcodes typed as numbers included', async () => {
    const ean13 = makeEan13('740', '910', 90_002)
    const file = await xlsx([header, ['XL-1', 'Kit de Excel', 'Hoja de cálculo', Number(ean13), 'excel', `${itemCodes[2]}:3`]])
    const res = await upload('Paquetes.XLSX', file)
    expect(res.status).toBe(200)
    expect((await bundles()).find((b) => b.code === 'XL-1')).toMatchObject({ ean13, tags: ['excel'], bundle_details_count: 1 })
  })

  it('reads a semicolon-separated CSV with its columns in any order', async () => {
    const res = await upload('paquetes.csv', `components;name;code\n"${itemCodes[0]}:1;${itemCodes[1]}:2";Orden libre;ORD-1\n`)
    expect(res.status).toBe(200)
    expect((await bundles()).find((b) => b.code === 'ORD-1')).toMatchObject({ name: 'Orden libre', bundle_details_count: 2 })
  })

  it('refuses the whole file when any row is bad, one message per bad row with its row number', async () => {
    const before = (await bundles()).length
    const rows = [
      header,
      ['OK-1', 'Fila buena', '', '', '', `${itemCodes[0]}:1`],
      ['', 'Sin código', '', '', '', ''],
      [f101.withMovements.code, 'Código de otro', '', '', '', ''],
      ['OK-2', 'Barras malas', '', '7409100000011', '', ''],
      ['OK-3', 'Componentes malos', '', '', '', `NO-EXISTE:1;${itemCodes[0]}:0;${itemCodes[1]}:dos;sin-cantidad`],
      ['OK-1', 'Repetida en el archivo', '', '', '', ''],
      ['OK-4', '', '', '12', '', ''],
    ]
    const res = await upload('paquetes.csv', csv(rows))
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      file: [
        'fila 3: code no puede estar en blanco',
        'fila 4: code ya está en uso',
        'fila 5: ean13 no es válido',
        `fila 6: components NO-EXISTE no existe; components ${itemCodes[0]} cantidad debe ser mayor que 0; components ${itemCodes[1]} cantidad no es un número; components "sin-cantidad" no es válido (use CÓDIGO:CANTIDAD)`,
        'fila 7: code ya está en uso (fila 2)',
        'fila 8: name no puede estar en blanco; ean13 no es válido',
      ],
    })
    expect(await bundles()).toHaveLength(before)
    expect((await bundles()).some((b) => b.code === 'OK-1')).toBe(false)
  })

  it('numbers rows as the spreadsheet shows them, blank rows included', async () => {
    const file = await xlsx([header, ['GOOD-1', 'Bien'], [], ['GOOD-1', 'Repetida']])
    const res = await upload('hoja.xlsx', file)
    expect(res.body).toEqual({ file: ['fila 4: code ya está en uso (fila 2)'] })
  })

  it('refuses a header with unknown or missing columns', async () => {
    expect((await upload('a.csv', 'codigo,nombre\nX,Y\n')).body).toEqual({
      file: [
        'columna desconocida: codigo (se esperan code, name, description, ean13, tags, components)',
        'columna desconocida: nombre (se esperan code, name, description, ean13, tags, components)',
        'falta la columna code',
        'falta la columna name',
      ],
    })
    expect((await upload('a.csv', 'code,name\n')).body).toEqual({ file: ['el archivo no tiene filas de paquetes'] })
    expect((await upload('a.csv', '\n\n')).body).toEqual({ file: ['el archivo está vacío'] })
  })

  it('refuses other file types, broken spreadsheets and bodies without a file', async () => {
    expect((await upload('paquetes.txt', 'code,name\nX,Y')).body).toEqual({ file: ['debe ser un archivo .csv o .xlsx'] })
    expect((await upload('paquetes.xlsx', 'esto no es un zip')).body).toEqual({ file: ['no es un archivo .xlsx válido'] })
    const noFile = await rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles/bundle_imports.json', { bundle_import: {} })
    expect(noFile.status).toBe(422)
    expect(noFile.body).toEqual({ file: ['no puede estar en blanco'] })
    // The file inside JSON (name and base64 bytes), as nothing public shows: not an upload.
    const inJson = await rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles/bundle_imports.json', {
      bundle_import: { file: { filename: 'a.csv', data: Buffer.from('code,name\nX,Y').toString('base64') } },
    })
    expect(inJson.status).toBe(422)
    expect(inJson.body).toEqual({ file: ['debe ser un archivo adjunto'] })
    const noRoot = await rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles/bundle_imports.json', { file: {} })
    expect(noRoot.status).toBe(400)
  })

  it('reads a CSV saved by Excel in Windows-1252', async () => {
    const text = 'code,name\nLAT-1,Pequeño kit de señalización\n'
    const latin1 = Buffer.from(text, 'latin1')
    expect((await upload('latin.csv', latin1)).status).toBe(200)
    expect((await bundles()).find((b) => b.code === 'LAT-1')!.name).toBe('Pequeño kit de señalización')
  })

  it('takes a file of a thousand rows', async () => {
    const rows = [
      header,
      ...Array.from({ length: 1000 }, (_, i) => [
        `BULK-${i}`,
        `Kit ${i}`,
        '',
        makeEan13('740', '910', 80_000 + i),
        'lote',
        `${itemCodes[0]}:1`,
      ]),
    ]
    const res = await upload('grande.csv', csv(rows))
    expect(res.status).toBe(200)
    expect((await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json?tag=lote')).body).toHaveLength(1000)
  })
})
